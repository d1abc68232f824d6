import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import * as z from 'zod/mini';
import { openPrivateDir, PRIVATE_FILE_MODE } from './durable-file.ts';

const ConsentSchema = z.object({ endpoint: z.string(), model: z.string(), givenAt: z.string() });

/**
 * The user's consent to send note text to one non-local endpoint and model, kept in the
 * config folder. Consent names both: pointing the harness elsewhere asks again.
 */
export class ConsentStore {
  private constructor(
    private readonly file: string,
    private current: z.infer<typeof ConsentSchema> | null,
  ) {}

  static async open(dir: string): Promise<ConsentStore> {
    await openPrivateDir(dir);
    const file = join(dir, 'consent.json');
    const text = await readFile(file, 'utf8').catch(() => null);
    const parsed = text === null ? null : ConsentSchema.safeParse(safeJson(text));
    return new ConsentStore(file, parsed?.success ? parsed.data : null);
  }

  given(endpoint: string, model: string): boolean {
    return this.current?.endpoint === endpoint && this.current.model === model;
  }

  async give(endpoint: string, model: string, now: Date): Promise<void> {
    const record = { endpoint, model, givenAt: now.toISOString() };
    await writeFileAtomic(this.file, `${JSON.stringify(record)}\n`, {
      fsync: true,
      mode: PRIVATE_FILE_MODE,
    });
    this.current = record;
  }

  /** Withdraws consent: nothing more is sent until it is given again. */
  async revoke(): Promise<void> {
    await rm(this.file, { force: true });
    this.current = null;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
