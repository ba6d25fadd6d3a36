import { createHash } from 'node:crypto';
import type { DriveFile } from '@portal/contracts/academy/schemas';
import { RESOURCE_FOLDER_MAX_DEPTH } from '@portal/contracts/academy/files';
import type { AppDeps } from '../../app/deps';
import { DomainError, notFound } from '../../domain/errors';
import { DRIVE_SCOPE, driveClient, googleAuthFor } from '../../integrations/google/client';
import {
  DriveUnavailable,
  type DriveSource,
  GoogleDriveSource,
  SampleDriveSource,
  type SourceFile,
} from '../../integrations/google/drive';
import { SAMPLE_DRIVE_ROOT, sampleDriveFiles } from '../../integrations/google/samples';

/** Listings and searches are cached briefly; item parents (for the root check) a little longer. */
const LIST_TTL_SECONDS = 60;
const ITEM_TTL_SECONDS = 300;

/** The Drive source for this configuration: Google Drive with credentials and a root, else the sample tree. */
export function createDriveSource(config: AppDeps['config']): DriveSource {
  const auth = config.DRIVE_ROOT_FOLDER_ID ? googleAuthFor(config, [DRIVE_SCOPE]) : null;
  if (auth && config.DRIVE_ROOT_FOLDER_ID)
    return new GoogleDriveSource(driveClient(config, auth), config.DRIVE_ROOT_FOLDER_ID);
  const root = config.DRIVE_ROOT_FOLDER_ID ?? SAMPLE_DRIVE_ROOT;
  return new SampleDriveSource(root, sampleDriveFiles(root));
}

const publicFile = ({ parents: _parents, ...file }: SourceFile): DriveFile => file;

type ItemInfo = { isFolder: boolean; parents: string[] } | null;

/**
 * Resources over a Drive source: only the configured root and folders below it can be listed
 * (a folder id from the client is checked by walking its parents up to the root, each step
 * cached in Redis); search answers only items inside the root's tree. Source failures become
 * 503 with a plain message.
 */
export class DriveResources {
  constructor(
    private readonly deps: Pick<AppDeps, 'redis' | 'config' | 'logger'>,
    readonly source: DriveSource,
  ) {}

  private key(...parts: string[]) {
    return `${this.deps.config.REDIS_PREFIX}drive:${this.source.kind}:${parts.join(':')}`;
  }

  private async cached<T>(key: string, ttl: number, load: () => Promise<T>): Promise<T> {
    const hit = await this.deps.redis.get(key).catch(() => null);
    if (hit !== null) return JSON.parse(hit) as T;
    const value = await load();
    await this.deps.redis.set(key, JSON.stringify(value), 'EX', ttl).catch(() => undefined);
    return value;
  }

  private item(id: string): Promise<ItemInfo> {
    return this.cached(this.key('item', id), ITEM_TTL_SECONDS, async () => {
      const f = await this.source.get(id);
      return f ? { isFolder: f.isFolder, parents: f.parents } : null;
    });
  }

  private async remember(files: SourceFile[]) {
    if (!files.length) return;
    const multi = this.deps.redis.multi();
    for (const f of files)
      multi.set(
        this.key('item', f.id),
        JSON.stringify({ isFolder: f.isFolder, parents: f.parents }),
        'EX',
        ITEM_TTL_SECONDS,
      );
    await multi.exec().catch(() => undefined);
  }

  /** Whether `id` is the root or lies below it (any parent path reaching the root). */
  async isInsideRoot(id: string, known?: { parents: string[] }): Promise<boolean> {
    const root = this.source.rootId;
    if (id === root) return true;
    const seen = new Set<string>([id]);
    let frontier = known ? known.parents : ((await this.item(id))?.parents ?? []);
    for (let depth = 0; depth < RESOURCE_FOLDER_MAX_DEPTH && frontier.length; depth++) {
      if (frontier.includes(root)) return true;
      const next: string[] = [];
      for (const parent of frontier) {
        if (seen.has(parent)) continue;
        seen.add(parent);
        next.push(...((await this.item(parent))?.parents ?? []));
      }
      frontier = next;
    }
    return false;
  }

  async list(folderId: string): Promise<DriveFile[]> {
    return this.guard(async () => {
      if (folderId !== this.source.rootId) {
        const info = await this.item(folderId);
        if (!info || !info.isFolder || !(await this.isInsideRoot(folderId, info))) {
          throw notFound('folder_not_found', 'Folder not found');
        }
      }
      const files = await this.cached(this.key('list', folderId), LIST_TTL_SECONDS, () =>
        this.source.list(folderId),
      );
      await this.remember(files);
      return files.map(publicFile);
    });
  }

  async search(query: string): Promise<DriveFile[]> {
    return this.guard(async () => {
      const hash = createHash('sha256').update(query.toLowerCase()).digest('hex').slice(0, 32);
      return this.cached(this.key('search', hash), LIST_TTL_SECONDS, async () => {
        const found = await this.source.search(query);
        await this.remember(found);
        const inside: DriveFile[] = [];
        for (const f of found)
          if (f.id !== this.source.rootId && (await this.isInsideRoot(f.id, f))) inside.push(publicFile(f));
        return inside;
      });
    });
  }

  private async guard<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof DriveUnavailable) {
        this.deps.logger.warn({ err: error, status: error.status }, 'google drive unavailable');
        throw new DomainError(
          'unavailable',
          'drive_unavailable',
          'Google Drive is not available right now. Please try again.',
        );
      }
      throw error;
    }
  }
}
