import { screenshotTests } from './screenshot-views.ts';

// The phone's views for the user's guide: test-results/screenshots/<view>-phone.png;
// `npm run screenshots` rewrites the docs' copies in docs/screenshots/.
screenshotTests('phone', ['chat', 'search', 'drawer']);
