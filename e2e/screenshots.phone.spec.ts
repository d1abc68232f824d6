import { screenshotTests } from './screenshot-views.ts';

// The phone's views for the user's guide: docs/screenshots/<view>-phone.png.
screenshotTests('phone', ['chat', 'search', 'drawer']);
