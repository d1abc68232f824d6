import { screenshotTests } from './screenshot-views.ts';

// The laptop's views for the user's guide: docs/screenshots/<view>-desktop.png.
screenshotTests('desktop', ['chat', 'search', 'note', 'proposal']);
