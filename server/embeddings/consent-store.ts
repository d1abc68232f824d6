import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod/mini';
import { openPrivateDir } from '../storage/durable-file.ts';
import { JsonFile } from '../storage/json-file.ts';

const ConsentSchema = z.object({ endpoint: z.string(), model: z.string(), givenAt: z.string() });

/**
 * The user's consent to send note text to one non-local endpoint and model, kept in the
 * config folder. Consent names both: pointing the harness elsewhere asks again.
 */
export class ConsentStore {
  private constructor(
    private readonly file: JsonFile<typeof ConsentSchema>,
    private current: z.infer<typeof ConsentSchema> | null,
  ) {}

  static async open(dir: string): Promise<ConsentStore> {
    await openPrivateDir(dir);
    const file = new JsonFile(join(dir, 'consent.json'), ConsentSchema);
    return new ConsentStore(file, await file.readOr(null));
  }

  given(endpoint: string, model: string): boolean {
    return this.current?.endpoint === endpoint && this.current.model === model;
  }

  async give(endpoint: string, model: string, now: Date): Promise<void> {
    const record = { endpoint, model, givenAt: now.toISOString() };
    await this.file.write(record);
    this.current = record;
  }

  /** Withdraws consent: nothing more is sent until it is given again. */
  async revoke(): Promise<void> {
    await this.file.flush();
    await rm(this.file.path, { force: true });
    this.current = null;
  }
}
