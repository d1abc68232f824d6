import { join } from 'node:path';
import * as z from 'zod/mini';
import { openPrivateDir } from '../storage/durable-file.ts';
import { JsonFile } from '../storage/json-file.ts';

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
    private readonly file: JsonFile<typeof SwitchSchema>,
    private record: Switches,
  ) {}

  static async open(dir: string): Promise<SwitchStore> {
    await openPrivateDir(dir);
    const file = new JsonFile(join(dir, 'switch.json'), SwitchSchema);
    return new SwitchStore(
      file,
      await file.readOr({ enabled: true, changedAt: new Date(0).toISOString() }),
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
    // The layer's folder may not exist yet (the budget can be set before any model runs):
    // JsonFile creates it.
    await this.file.write(record);
    this.record = record;
  }
}
