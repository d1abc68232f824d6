import { screenshotTests } from './screenshot-views.ts';

// The laptop's views for the user's guide: test-results/screenshots/<view>-desktop.png;
// `npm run screenshots` rewrites the docs' copies in docs/screenshots/.
screenshotTests('desktop', ['chat', 'search', 'note', 'proposal']);
