import type { EmbedMessages } from './embed-es.ts';

/** The words of the long-term (embeddings) layer, in English. Typed against `embedEs`. */
export const embedEn = {
  'embed.title': 'Semantic search',
  'embed.intro':
    'Finds notes by what they say, not only by their words: each note becomes vectors on this laptop and search combines them with word search.',
  'embed.off.other': 'Or with Ollama or another service',
  'embed.off.explain':
    'It is off: SOMA searches by words only. To turn it on, add this section to the harness ({file}) and save it: SOMA applies it without a restart (with Ollama on this laptop, first: ollama pull nomic-embed-text).',
  'embed.off.readme':
    'Step by step (Ollama or the ONNX model without a server), what leaves the machine and what it costs on a modest laptop: README.md, section «Búsqueda semántica».',
  'embed.embedder': 'Model',
  'embed.kind.endpoint': 'OpenAI-compatible service',
  'embed.kind.onnx': 'ONNX model inside SOMA',
  'embed.kind.test': 'test embedder, no model',
  'embed.endpoint': 'Address',
  'embed.local.yes': 'On this machine: no text leaves it.',
  'embed.local.no': 'Off this machine: the text of your notes is sent to this service.',
  'embed.state': 'State',
  'embed.state.off': 'off in the harness',
  'embed.state.paused': 'paused: nothing is computed or sent',
  'embed.state.waiting_consent': 'waiting for your permission',
  'embed.state.embedding': 'computing',
  'embed.state.idle': 'up to date',
  'embed.state.failing': 'failing, retrying',
  'embed.progress': '{done} of {total} notes · {chunks} chunks',
  'embed.lastError': 'Last error: {text}',
  'embed.failing.title': 'Semantic search is failing',
  'embed.failing.lexical': 'Search by words still works, and vectors already computed are kept.',
  'embed.failing.fix.endpoint':
    'What to do: check that the service at {endpoint} is running and has the model {model} (with Ollama: ollama pull {model}), and that «dimensions» in the harness is the model’s.',
  'embed.failing.fix.onnx':
    'What to do: check the model folder («modelDir» in the harness) and the packages the error asks for.',
  'embed.failing.fix.test': 'What to do: check the harness’s «embeddings» section.',
  'embed.failing.retry':
    'SOMA retries by itself, further and further apart; once you have fixed it, retry now.',
  'embed.failing.restart':
    'This is checked when the layer starts: fix it in the harness and save it (or restart SOMA).',
  'embed.retry': 'Retry now',
  'embed.counters': 'Since SOMA started',
  'embed.counters.requests': 'Requests',
  'embed.counters.notes': 'Notes',
  'embed.counters.chunks': 'Chunks',
  'embed.counters.characters': 'Characters',
  'embed.counters.failures': 'Failures',
  'embed.counters.charactersSent': 'Characters sent off the machine',
  'embed.switch.off': 'Turn off',
  'embed.switch.on': 'Turn on',
  'embed.switch.help':
    'Turning it off pauses semantic search: nothing is computed or sent and search uses words only; stored vectors stay. Turning it on resumes where it was, without recomputing what did not change.',
  'embed.revoke': 'Withdraw permission',
  'embed.revoke.help':
    'Withdrawing permission stops sending text to {endpoint} (neither notes nor searches) until you give it again; vectors already computed stay on this laptop.',
  'embed.consent.open': 'Decide about sending…',
  'embed.consent.title': 'Send your notes to this service?',
  'embed.consent.body':
    'For semantic search, SOMA would send the text of {notes} notes ({characters} characters) to {endpoint}, model {model}. That text leaves this machine.',
  'embed.consent.after':
    'Afterwards new or changed notes and the text of each semantic search are sent too. You can withdraw permission at any time.',
  'embed.consent.yes': 'Yes, send',
  'embed.consent.no': 'No',
  'embed.consent.declined': 'Nothing was sent. Search keeps using words only.',
  'embed.chip.semantic': 'Semantic search: {done} of {total} notes',
  'embed.chip.lexical': 'Word search only',
  'embed.chip.paused': 'Semantic search paused: words only',
  'embed.chip.consent': 'Words only: semantic search waits for your permission',
  'embed.chip.failing': 'Semantic search failing, words only: {problem}',
  'embed.problem.embeddings_off': 'The harness has no «{section}» section.',
  'embed.problem.rate_limited':
    'The service asked to wait (too many requests); retrying by itself.',
  'embed.problem.server_error': 'The service failed (HTTP {status}); retrying by itself.',
  'embed.problem.timeout': 'The service did not answer within {ms} ms; retrying by itself.',
  'embed.problem.unreachable': 'Cannot connect to {endpoint}: is it running?',
  'embed.problem.wrong_dimensions':
    'The model gives vectors of {got} dimensions and the harness says {expected}: fix «dimensions».',
  'embed.problem.bad_vector':
    'The service returned a vector with non-numeric values (NaN or infinite).',
  'embed.problem.count_mismatch': '{expected} vectors were asked for and {got} arrived.',
  'embed.problem.bad_response':
    'The service answered something that cannot be read (HTTP {status}): does the address end in /v1?',
  'embed.problem.key_missing':
    'The key is missing: set the environment variable {env} and restart SOMA.',
  'embed.problem.onnx_runtime_missing':
    "The ONNX runtime cannot load. In SOMA's folder, reinstall with: {install} (if it persists, this system has no binary for it; use Ollama or another service).",
  'embed.problem.tokenizer_missing': 'The tokenizer is missing. Install it with: {install}',
  'embed.problem.model_dir_invalid.not_a_folder':
    'The model folder {dir} does not exist or is not a folder.',
  'embed.problem.model_dir_invalid.missing': '{file} is missing from the model folder {dir}.',
  'embed.problem.model_dir_invalid.size':
    '{file} in {dir} does not have the expected size ({bytes} bytes): a partial download?',
  'embed.problem.model_dir_invalid.checksum':
    '{file} in {dir} does not match the published SHA-256: download it again.',
  'embed.problem.model_failed': 'The model failed: {reason}',
  'embed.model.title': 'Search by meaning',
  'embed.model.explain':
    'Besides words, SOMA can search by what your notes say: «car» finds the note about the automobile. For that it downloads, once, a model that runs on this laptop.',
  'embed.model.name': 'Model',
  'embed.model.download': 'Download',
  'embed.model.downloadValue': '{size}, once',
  'embed.model.disk': 'On disk',
  'embed.model.diskValue': '{size} in SOMA’s config folder, outside the vault',
  'embed.model.time': 'Embedding this vault',
  'embed.model.timeValueOne':
    'about {time} on 1 core (~{chunks} chunks); you can keep using SOMA meanwhile',
  'embed.model.timeValue':
    'about {time} on {cores} cores (~{chunks} chunks); you can keep using SOMA meanwhile',
  'embed.model.private':
    'Your notes’ text never leaves this laptop: only the model is downloaded, and it runs here.',
  'embed.model.start': 'Search by meaning',
  'embed.model.phone':
    'Downloading the model and the CPU budget are decided on the laptop: open SOMA there.',
  'embed.model.downloading': '{done} of {total} · {rate}/s · {left} left',
  'embed.model.leftUnknown': 'estimating…',
  'embed.model.checking': 'Checking…',
  'embed.model.cancel': 'Cancel',
  'embed.model.folder.open': 'Use a folder',
  'embed.model.folder.label': 'Folder holding the model (a USB stick, say)',
  'embed.model.folder.help': 'It must hold {files}. They are copied and checked before use.',
  'embed.model.folder.use': 'Install from this folder',
  'embed.model.problem.network':
    'Could not reach the model’s server ({reason}). Check the connection and try again: the download resumes where it stopped.',
  'embed.model.problem.http_status':
    'The model’s server answered with an error (HTTP {status}). Try again later, or use a folder holding the model.',
  'embed.model.problem.size':
    '{file} is not the expected size: incomplete, or another file. Try again.',
  'embed.model.problem.checksum':
    '{file} does not match its SHA-256: damaged, or another version. Try again.',
  'embed.model.problem.disk_full': 'The disk is full ({path}). Free some space and try again.',
  'embed.model.problem.not_writable':
    'SOMA cannot write to {path}. Check that folder’s permissions and try again.',
  'embed.model.problem.busy':
    'The model is already being installed (perhaps by «npm run model»). Wait for it to finish.',
  'embed.model.problem.cancelled':
    'Download cancelled. What was fetched is kept: starting again resumes where it stopped.',
  'embed.model.problem.not_a_folder':
    '«{dir}» does not exist or is not a folder. Type the path of the folder holding the model.',
  'embed.model.problem.missing':
    '{file} is missing from that folder. Copy the model’s files there and try again.',
  'embed.model.problem.removed':
    'The model’s folder ({dir}) is gone. Search goes on by words; download it again to search by meaning (what was embedded is kept).',
  'embed.model.problem.unexpected':
    'Installing the model failed ({reason}). Try again; if it happens again, see what the server says.',
  'embed.budget.title': 'CPU',
  'embed.budget.help':
    'With 1 core, the other stays free for the browser and the chat; with 2, it finishes sooner. Now using {cores} of {max}.',
  'embed.budget.one': 'Use 1 core',
  'embed.budget.two': 'Use 2 cores',
  'embed.duration.seconds': '{n} s',
  'embed.duration.minutes': '{n} min',
  'embed.duration.hours': '{h} h {m} min',
} as const satisfies EmbedMessages;
