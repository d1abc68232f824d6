import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import * as z from 'zod/mini';
import { openPrivateDir, PRIVATE_FILE_MODE } from './durable-file.ts';

const SwitchSchema = z.object({ enabled: z.boolean(), changedAt: z.string() });

/**
 * The user's on/off switch for the layer, kept in the config folder beside consent so a
 * restart keeps it paused. Absent or unreadable means on: the harness section is the
 * user's first say, the switch only pauses what the harness turned on.
 */
export class SwitchStore {
  private constructor(
    private readonly file: string,
    private on: boolean,
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
    return new SwitchStore(file, found.success ? found.data.enabled : true);
  }

  get enabled(): boolean {
    return this.on;
  }

  async set(enabled: boolean, now: Date): Promise<void> {
    const record = { enabled, changedAt: now.toISOString() };
    await writeFileAtomic(this.file, `${JSON.stringify(record)}\n`, {
      fsync: true,
      mode: PRIVATE_FILE_MODE,
    });
    this.on = enabled;
  }
}
