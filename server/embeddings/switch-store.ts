import { mkdir, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import * as z from 'zod/mini';
import { openPrivateDir, PRIVATE_FILE_MODE } from './durable-file.ts';

/** Cores the embedder may use until the user says otherwise: the other is the browser's and the chat's. */
export const DEFAULT_CORES = 1;

const SwitchSchema = z.object({
  enabled: z.boolean(),
  changedAt: z.string(),
  /** Absent in files written before the budget existed. */
  cores: z.optional(z.union([z.literal(1), z.literal(2)])),
});
type Switches = z.infer<typeof SwitchSchema>;

/**
 * The user's switches for the layer, kept in the config folder beside consent so a restart
 * keeps them: on/off (absent or unreadable means on: the harness section or the installed
 * model is the user's first say, the switch only pauses it) and the CPU budget (1 core).
 */
export class SwitchStore {
  private constructor(
    private readonly file: string,
    private record: Switches,
  ) {}

  static async open(dir: string): Promise<SwitchStore> {
    await openPrivateDir(dir);
    const file = join(dir, 'switch.json');
    const text = await readFile(file, 'utf8').catch(() => null);
    let parsed: unknown = null;
    try {
      parsed = text === null ? null : JSON.parse(text);
    } catch {}
    const found = SwitchSchema.safeParse(parsed);
    return new SwitchStore(
      file,
      found.success ? found.data : { enabled: true, changedAt: new Date(0).toISOString() },
    );
  }

  get enabled(): boolean {
    return this.record.enabled;
  }

  /** Cores the embedder may use: 1 or 2. */
  get cores(): 1 | 2 {
    return this.record.cores ?? DEFAULT_CORES;
  }

  async set(enabled: boolean, now: Date): Promise<void> {
    await this.write({ ...this.record, enabled, changedAt: now.toISOString() });
  }

  async setCores(cores: 1 | 2, now: Date): Promise<void> {
    await this.write({ ...this.record, cores, changedAt: now.toISOString() });
  }

  private async write(record: Switches): Promise<void> {
    // The layer's folder may not exist yet: the budget can be set before any model runs.
    await mkdir(dirname(this.file), { recursive: true, mode: 0o700 });
    await writeFileAtomic(this.file, `${JSON.stringify(record)}\n`, {
      fsync: true,
      mode: PRIVATE_FILE_MODE,
    });
    this.record = record;
  }
}
