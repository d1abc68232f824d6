import type { Messages } from './es.ts';

/** English. Typed against `es`, so a missing or extra key fails the type check. */
export const en = {
  'app.title': 'SOMA',
  'app.skipToContent': 'Skip to content',
  'app.crashed': 'Something went wrong while showing this screen.',
  'app.reload': 'Reload',
  'app.loading': 'Loading…',

  'lang.switch': 'ES: switch the language to Spanish (español)',
  'lang.label': 'ES',

  'login.title': 'SOMA needs its start-up link',
  'login.explain':
    'For safety, SOMA only opens with the link printed in the terminal where SOMA was started (npm start).',
  'login.how':
    'Copy that link (it starts with http://127.0.0.1:4317/#login=) and open it in this browser.',
  'login.restart': 'If you no longer have it, restart SOMA: it prints a new link when it starts.',
  'login.invalidToken': 'The link you opened was already used or is old.',
  'login.retry': 'Check again',

  'banner.retry': 'Retry',
  'banner.autoRetry': 'Retrying on its own in a few seconds.',
  'banner.dismiss': 'Dismiss',

  'events.reconnecting': 'reconnecting…',

  'tree.label': 'Vault',
  'tree.toggle': 'Show or hide the vault',
  'tree.empty': 'The vault is empty.',
  'tree.loading': 'Loading the vault…',
  'tree.reason.binary': 'Cannot open: it is a binary file.',
  'tree.reason.not_utf8': 'Cannot open: the text is not UTF-8.',
  'tree.reason.too_large': 'Cannot open: the file is too large.',
  'tree.reason.not_markdown': 'Cannot open: it is not a Markdown note.',

  'home.title': 'Welcome to SOMA',
  'home.hint': 'Pick a note from the vault to read it.',
  'home.vault': 'Vault: {name}',

  'note.loading': 'Loading the note…',
  'note.gone': 'This note no longer exists: it was deleted or renamed.',
  'note.goneHint': 'Pick another note in the vault.',
  'note.frontMatter': 'Properties',
  'note.tags': 'Tags',
  'note.frontMatterError': 'The properties (front matter) are not valid YAML: {message}',
  'note.path': 'Path',
  'note.renderFailed': 'The note’s content could not be shown.',
  'note.missingLink': 'The note does not exist',
  'note.remoteImage': '[remote image blocked: {url}]',

  'error.network': 'Cannot reach the SOMA server. Is it still running?',
  'error.no_session': 'There is no open session in this browser.',
  'error.invalid_token': 'The start-up link was already used or is old.',
  'error.rate_limited': 'Too many attempts. Wait a moment and try again.',
  'error.not_found': 'What you were looking for was not found.',
  'error.not_a_note': 'That file is not a note SOMA can open.',
  'error.invalid_path': 'The path is not valid.',
  'error.forbidden_origin': 'Request refused: it does not come from the SOMA page.',
  'error.forbidden_host': 'Request refused: the address is not SOMA’s.',
  'error.bad_request': 'The request is not valid.',
  'error.unknown_profile': 'That profile does not exist in the harness.',
  'error.unknown_project': 'That project does not exist in 03_Proyectos.',
  'error.no_closing': 'There is no saved session closing yet.',
  'error.internal': 'The SOMA server had an internal error.',
  'error.bad_answer': 'The server answered something unexpected.',
  'error.unknown': 'Something went wrong.',
} as const satisfies Messages;
