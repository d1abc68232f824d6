// Where the built server's main thread goes during the day bench, in windows you open and
// close from outside. Loaded into the server by the day bench:
//   SOMA_DAY_SERVER_NODE_ARGS="--import=./bench/diagnostics/server-loop-probe.mjs" \
//     npm run bench -- --only day --quick --t460
// The server writes its pid to soma-loop-probe/pid in its temp folder (/tmp); each `kill -USR2 <pid>` opens or
// closes a window. On closing, window N appends to loop.txt the event-loop delay histogram
// (monitorEventLoopDelay), the loop's utilisation, the process's CPU, the requests served by
// route, and the ONNX worker's
// document requests (time out, and the gaps in which the model waited for the main thread,
// the longest with their monotonic time in µs), and writes wN.cpuprofile (the main thread,
// 0.5 ms sampling; its timestamps are on the same clock). A diagnosis tool, not a figure.
// Plain JavaScript: the built server runs without tsx, and its worker threads inherit the flag.
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { Server as HttpServer } from 'node:http';
import { Server as HttpsServer } from 'node:https';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { isMainThread, Worker } from 'node:worker_threads';

// Node passes its flags to worker threads too: the probe watches the main thread only.
if (isMainThread) probe();

function probe() {
  const dir = join(tmpdir(), 'soma-loop-probe');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'pid'), String(process.pid));

  const session = new Session();
  session.connect();
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();

  /** Document requests to the ONNX worker: [posted, answered] (ms), answered (monotonic µs). */
  const requests = [];
  let posted = null;
  const post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, transfer) {
    const m = message;
    if (m?.type === 'embed' && m.purpose === 'document') posted = performance.now();
    return post.call(this, message, transfer);
  };
  const emit = Worker.prototype.emit;
  Worker.prototype.emit = function (event, ...args) {
    const m = args[0];
    if (event === 'message' && m?.type === 'vectors' && posted !== null) {
      requests.push([posted, performance.now(), Number(process.hrtime.bigint() / 1000n)]);
      posted = null;
    }
    return emit.call(this, event, ...args);
  };

  /** Requests the window's servers received, by method and path (no query). */
  const routes = new Map();
  for (const Server of [HttpServer, HttpsServer]) {
    const emitRequest = Server.prototype.emit;
    Server.prototype.emit = function (event, ...args) {
      if (event === 'request' && open) {
        const route = `${args[0].method} ${String(args[0].url).split('?')[0]}`;
        routes.set(route, (routes.get(route) ?? 0) + 1);
      }
      return emitRequest.call(this, event, ...args);
    };
  }

  let open = false;
  let windows = 0;
  let cpu0 = process.cpuUsage();
  let t0 = performance.now();
  let elu0 = performance.eventLoopUtilization();
  const ms = (ns) => (ns / 1e6).toFixed(1);
  const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? 0;
  const sum = (xs) => xs.reduce((s, x) => s + x, 0);

  process.on('SIGUSR2', () => {
    if (!open) {
      open = true;
      delay.reset();
      requests.length = 0;
      routes.clear();
      cpu0 = process.cpuUsage();
      t0 = performance.now();
      elu0 = performance.eventLoopUtilization();
      session.post('Profiler.enable', () =>
        session.post('Profiler.setSamplingInterval', { interval: 500 }, () =>
          session.post('Profiler.start'),
        ),
      );
      return;
    }
    open = false;
    const n = windows++;
    const cpu = process.cpuUsage(cpu0);
    const elu = performance.eventLoopUtilization(elu0).utilization;
    const busy = requests.map(([a, b]) => b - a);
    const gaps = requests.slice(1).map(([a], i) => [a - requests[i][1], requests[i][2]]);
    const longest = [...gaps].sort((a, b) => b[0] - a[0]).slice(0, 5);
    appendFileSync(
      join(dir, 'loop.txt'),
      `window ${n}: ${Math.round(performance.now() - t0)} ms, CPU ${Math.round((cpu.user + cpu.system) / 1000)} ms (all threads), loop utilisation ${elu.toFixed(2)}; ` +
        `loop delay p50 ${ms(delay.percentile(50))} p90 ${ms(delay.percentile(90))} p99 ${ms(delay.percentile(99))} max ${ms(delay.max)} ms\n` +
        `  worker: ${requests.length} document requests, median ${Math.round(median(busy))} ms (sum ${Math.round(sum(busy))}); ` +
        `gaps median ${Math.round(median(gaps.map((g) => g[0])))} ms, sum ${Math.round(sum(gaps.map((g) => g[0])))}, ` +
        `longest ${longest.map(([g, at]) => `${Math.round(g)} ms at ${at}`).join(', ') || 'none'}\n` +
        `  requests: ${[...routes]
          .sort((a, b) => b[1] - a[1])
          .map(([r, n]) => `${r} ${n}`)
          .join(', ')}\n`,
    );
    session.post('Profiler.stop', (err, result) => {
      if (!err) writeFileSync(join(dir, `w${n}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
