/** What the report says about one figure: its label, target and how to run it again. */
export interface FigureSpec {
  label: string;
  /** The figure must be at most this (the design's budget for it). */
  max?: number;
  /** The figure must be at least this (a rate kept under load). */
  min?: number;
  /** The T460 run's target, when the slower laptop has one of its own (looser or stricter). */
  t460Max?: number;
  /** How the ratio reads: value ÷ baseline, or (value + baseline) ÷ baseline for an overhead. */
  ratio?: 'value' | 'overhead';
  /** The group that measures it, when its name's prefix says otherwise. */
  group?: string;
}

/** The figures the report lists first, in this order, with their targets. Others follow as found. */
export const FIGURE_SPECS: Record<string, FigureSpec> = {
  'search.10k.query_p50_ms': { label: 'Search query p50, 10,000 notes', max: 5 },
  'search.10k.query_p95_ms': { label: 'Search query p95, 10,000 notes', max: 20 },
  'search.10k.model_help_local_ms': {
    label: '«Buscar con el modelo»: local work after the answer (5 searches + RRF), 10,000 notes',
    max: 20,
  },
  'search.10k.hybrid_query_p50_ms': {
    label:
      'Hybrid query p50 (words + vectors, RRF), whole questions, 10k notes × 3 chunks × 384 dims',
    max: 8,
    // In T460 mode whole questions meet the search targets, hybrid included.
    t460Max: 5,
  },
  'search.10k.hybrid_query_p95_ms': {
    label:
      'Hybrid query p95 (words + vectors, RRF), whole questions, 10k notes × 3 chunks × 384 dims',
    max: 25,
    t460Max: 20,
  },
  'search.10k.vectors_mb': {
    label: 'Vectors held by the search worker, 30k chunks × 384 dims',
    max: 15,
  },
  'search.10k.ready_ms': { label: 'Search ready after reload (saved index), 10k', max: 700 },
  'search.10k.sync_max_main_task_ms': {
    label: 'Longest main-thread task while indexing, 10k',
    max: 50,
  },
  'search.10k.boot_max_main_task_ms': {
    label: 'Longest main-thread task at page boot (before indexing), 10k',
    max: 50,
    t460Max: 100,
  },
  'search.10k.suggest_ms': {
    label: 'Related notes while typing: keystroke → list, less the debounce, 10k',
    max: 150,
  },
  'search.10k.suggest_max_main_task_ms': {
    label: 'Longest main-thread task while typing with suggestions, 10k',
    max: 50,
  },
  'search.10k.quality_panel_ms': {
    label: '«¿Era esta?» panel: 500 stored questions scored in the worker, 10k',
    max: 2_000,
  },
  'search.10k.quality_panel_max_main_task_ms': {
    label: 'Longest main-thread task while the «¿Era esta?» panel computes, 10k',
    max: 50,
  },
  'search.10k.index_build_ms': { label: 'First sync + index build, 10k', max: 4_000 },
  'search.50k.index_build_ms': { label: 'First sync + index build, 50k', max: 20_000 },
  'search.10k.saved_index_mb': { label: 'Saved search index in IndexedDB, 10k', max: 8 },
  'search.10k.rg_il_ms': { label: 'ripgrep `rg -il` per query, 10k (comparison)' },
  'search.top5_hit_rate': {
    label: 'Relevance: expected note in top 5, tldr-es held-out half',
  },
  'search.top5_hit_rate_tuning': {
    label: 'Relevance: expected note in top 5, tldr-es tuning half',
  },
  'search.mrr10': { label: 'Relevance: MRR@10, tldr-es held-out half' },
  'search.fixtures_top5_hit_rate': {
    label: 'Relevance: expected note in top 5, web/search/fixtures',
  },
  'chat.ttft_overhead_ms': {
    label: 'Chat time to first token, overhead',
    max: 5,
    ratio: 'overhead',
  },
  'chat.rss_20_streams_mb': { label: 'Server RSS under 20 streams', max: 100 },
  'chat.rss_50_streams_mb': { label: 'Server RSS under 50 streams' },
  'server.start_ms': { label: 'Server start to first answer' },
  'server.idle_rss_mb': { label: 'Server idle RSS', max: 70 },
  'server.rss_after_10k_sync_mb': {
    label: 'Server RSS after a browser synced 10k notes',
    max: 90,
  },
  'server.warm_start_ms': { label: '`npm start` to the login link, nothing changed', max: 1_500 },
  'web.initial_js_gzip_kb': { label: 'Initial JS, gzip', max: 60 },
  'lighthouse.performance': {
    label: 'Lighthouse performance, signed-in home, median of 5 runs',
    min: 95,
  },
  'embed.10k_first_ms': { label: 'Embedding pipeline, 10k notes, test embedder (plumbing)' },
  'server.rss_embedding_mb': { label: 'Server RSS while embedding through an endpoint', max: 150 },
  'embed.note_read_while_embedding_ms': {
    label: 'Note read (GET /api/vault/note) while the server embeds, p95',
  },
  'embed.onnx_chunks_per_s': {
    label: 'Chunks embedded a second, e5-shaped int8 model, 2 threads (tldr-es chunks)',
  },
  'embed.onnx_chunks_per_s_1core': {
    label: 'Chunks embedded a second, e5-shaped int8 model, 1 thread (tldr-es chunks)',
  },
  'embed.onnx_query_ms': { label: 'One question embedded by the e5-shaped model, p50' },
  'embed.onnx_query_while_embedding_ms': {
    label: 'One question embedded while documents embed, e5-shaped model, p95',
  },
  'embed.onnx_rss_mb': { label: 'RSS of a process embedding with the e5-shaped model' },
  'embed.onnx_chars_per_token': {
    label: 'Characters per token of the e5-shaped tokenizer, tldr-es',
  },
  'embed.onnx_note_read_while_embedding_ms': {
    label: 'Note read (GET /api/vault/note) while the server embeds with the e5-shaped model, p95',
  },
  'chat.ttft_overhead_ms_while_embedding': {
    label: 'Chat time to first token, overhead, while the server embeds with the e5-shaped model',
  },
  'synapse.history_write_ratio': {
    label: 'Confirmed write with its history kept ÷ without, 20 KB note',
    max: 1.3,
  },
  'synapse.history_append_ratio': {
    label: 'One approved synapse line with its history kept ÷ without, 10,000-line log',
    max: 1.3,
  },
  'synapse.history_list_ms': {
    label: "A note's write history (1,000 writes) in a 10k-note vault, GET /api/history/note",
    max: 50,
  },
  'chat.conversation_list_ms': {
    label: 'Listing synchronised conversations (first page of 200 of 10k × 50 turns), p95',
    max: 50,
  },
  'chat.conversation_list_all_ms': { label: 'Listing all 10k conversations in one answer, p95' },
  'chat.conversation_read_ms': {
    label: 'Reading a 50-turn conversation among 10k (GET /api/conversations/:id), p95',
  },
  'chat.conversation_open_ms': {
    label: 'Opening a 200-turn conversation on the phone (390×844), click to last turn shown, p95',
    max: 300,
  },
  'server.idle_rss_10k_conversations_mb': {
    label: 'Server RSS, idle, holding 10k conversations × 50 turns',
    max: 80,
  },
  'day.suggest_p95_ms': {
    label: 'A day with everything on: related notes while typing, keystroke → list, p95',
    max: 150,
  },
  'day.typing_max_main_task_ms': {
    label: 'A day with everything on: longest main-thread task while typing',
    max: 50,
  },
  'day.query_p95_ratio': {
    label: 'A day with everything on: search query p95 ÷ the same alone',
    max: 2,
  },
  'day.hybrid_query_p95_ms': {
    label: 'A day with everything on: query typed → answer fused with vectors, p95',
  },
  'day.ttft_overhead_ratio': {
    label: 'A day with everything on: chat time-to-first-token overhead ÷ the same alone',
    max: 2,
  },
  'day.note_open_p95_ms': { label: 'A day with everything on: note open, p95', max: 100 },
  'day.server_rss_mb': {
    label: 'A day with everything on: server RSS with the model, peak',
    max: 600,
  },
  'day.total_pss_mb': {
    label: "A day with everything on: server + the laptop's browser PSS, peak (the phone's apart)",
    max: 1_500,
  },
  'day.embed_rate_ratio': {
    label: 'A day with everything on: chunks embedded a second ÷ embedding alone',
    min: 0.7,
  },
  'day.dropped': {
    label: 'A day with everything on: requests failed or timed out, turns lost',
    max: 0,
  },
  'day.phone_visit_ms': {
    label: 'A day with everything on: phone opens SOMA over the LAN, synced',
  },
  'day.host_load_1m': { label: 'A day with everything on: host load average (context)' },
  't460.memory_total_mb': { label: 'Server + one tab with the vault, memory (PSS)', max: 1_024 },
  't460.memory_rss_sum_mb': { label: 'Server + one tab, summed RSS (upper bound)' },
};

/** The `npm run bench` group that produces a figure, by its name's prefix. */
const GROUPS: [RegExp, string][] = [
  [/^(chat\.conversation_|server\.idle_rss_10k_conversations)/, 'conversations'],
  // server.rss_embedding_mb is measured by the embed group, server.rss_after_<vault>_sync_mb
  // by the search group (the server's RSS once a browser has synced that vault).
  [/^server\.(?!rss_embedding|rss_after_)/, 'server'],
  [/^web\./, 'web'],
  // chat.ttft_overhead_ms_while_embedding is measured by the onnx group.
  [/^chat\.(?!ttft_overhead_ms_while_embedding)/, 'chat'],
  [/^extract\./, 'extract'],
  [/^synapse\.history_/, 'history'],
  [/^synapse\./, 'links'],
  [/^(search\.|server\.rss_after_)/, 'search'],
  [/^(embed\.(?!onnx_)|server\.rss_embedding)/, 'embed'],
  [/^(embed\.onnx_|chat\.ttft_overhead_ms_while_embedding)/, 'onnx'],
  [/^(pwa|lighthouse)\./, 'lighthouse'],
  [/^day\./, 'day'],
];

/** The benchmark groups `npm run bench -- --only GROUP` accepts. */
export const BENCH_GROUPS = GROUPS.map(([, g]) => g);

/** The group that measures `name`, or undefined for a figure no group claims. */
export function groupOf(name: string): string | undefined {
  return FIGURE_SPECS[name]?.group ?? GROUPS.find(([re]) => re.test(name))?.[1];
}

/** The command that measures `name` again (T460 figures: the T460 run). */
export function reproduceCommand(name: string, t460: boolean): string {
  if (t460 || name.startsWith('t460.')) return 'npm run bench -- --t460';
  const group = groupOf(name);
  return group ? `npm run bench -- --only ${group}` : 'npm run bench';
}

/** What the report says about a group whose figures need more than their notes to be read. */
export const GROUP_ABOUT: Record<string, string> = {
  onnx:
    'No real embedding model can be downloaded where the bench runs, so `bench/e5-shaped-model.ts` ' +
    "generates one into the system's temporary folder (never committed): an encoder with " +
    "multilingual-e5-small's exact architecture (vocabulary 250,037, 12 layers, hidden 384, 12 heads, " +
    'feed-forward 1,536, 514 positions), seeded random weights, quantised to int8 with the ops ' +
    "ONNX Runtime's dynamic quantisation writes into `model_quantized.onnx` (about the real file's " +
    '118 MB), and a 250,037-piece Unigram `tokenizer.json` built from tldr-es that splits Spanish at ' +
    "about XLM-R's rate (`embed.onnx_chars_per_token`). Its answers mean nothing; what it costs to run " +
    "is the real model's. The `embed.onnx_*` figures run it through SOMA's ONNX embedder on tldr-es " +
    'chunks cut as SOMA cuts them, in a process of its own; the `…while_embedding` ones inside the ' +
    'built server while it embeds part of tldr-es, against the same server idle in the same run. ' +
    'The notes give the T460 estimate: ONNX Runtime runs on threads CDP throttling never reaches, so ' +
    'times are scaled by the per-core ratio the T460 mode uses.',
  day:
    "A day's work on the laptop with everything on at once, beside the same done alone in the same run " +
    '(`bench/README.md`, «The day group»): the built server over a generated 10k-note vault embeds it in ' +
    'the background with the e5-shaped model at the default budget of one core while the user types ' +
    'questions with suggestions on, searches and opens notes in a laptop tab, chat answers stream from ' +
    'the fake upstream, a phone paired over the LAN listener opens SOMA and syncs every few seconds and ' +
    "an editor rewrites a note now and then. Ratios are the day's figure ÷ the same alone. The notes give " +
    "the host's load average and stolen CPU over the day: other work on the machine shares its cores.",
};
