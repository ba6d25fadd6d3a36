import type { drive_v3 } from 'googleapis';
import { fileTypeOf } from '@portal/contracts/academy/files';
import { PROVIDER_MAX, type DriveFile } from '@portal/contracts/academy/schemas';
import { boundedText, boundedUrl, fitsId } from './bounds';
import { googleErrorInfo } from './client';

/** A file as a source knows it: the answer fields plus its parents (for the root-tree check). */
export interface SourceFile extends DriveFile {
  parents: string[];
}

/** Where the Resources page reads from: Google Drive, or the bundled sample tree. Same contract. */
export interface DriveSource {
  readonly kind: 'google-drive' | 'sample';
  readonly rootId: string;
  /** children of a folder, folders first then by name */
  list(folderId: string): Promise<SourceFile[]>;
  /** files and folders whose name or text matches, anywhere the source can see */
  search(query: string): Promise<SourceFile[]>;
  /** one item (null when it does not exist or is trashed) */
  get(id: string): Promise<Pick<SourceFile, 'id' | 'isFolder' | 'parents'> | null>;
}

/** The source failed (quota, outage, bad credentials): the API answers 503. */
export class DriveUnavailable extends Error {
  override name = 'DriveUnavailable';
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

const FIELDS = 'id, name, mimeType, size, modifiedTime, webViewLink, thumbnailLink, parents, trashed';
const FOLDER = 'application/vnd.google-apps.folder';

export function toDriveFile(f: drive_v3.Schema$File): SourceFile {
  const size = Number(f.size ?? 0);
  return {
    id: f.id ?? '',
    name: boundedText(f.name ?? '', PROVIDER_MAX.fileName),
    isFolder: f.mimeType === FOLDER,
    fileType: fileTypeOf(f.mimeType),
    size: Number.isFinite(size) && size > 0 ? Math.floor(size) : 0,
    modifiedTime: f.modifiedTime ? new Date(f.modifiedTime).toISOString() : null,
    webViewLink: boundedUrl(f.webViewLink),
    thumbnailLink: boundedUrl(f.thumbnailLink),
    parents: f.parents ?? [],
  };
}

/** Drive query literal: backslashes and single quotes escaped (Drive v3 search syntax). */
const driveLiteral = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

const sortFiles = <T extends Pick<DriveFile, 'isFolder' | 'name'>>(files: T[]) =>
  [...files].sort(
    (a, b) =>
      Number(b.isFolder) - Number(a.isFolder) || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }),
  );

/** Google Drive v3 through googleapis (service account or API key), all pages read. */
export class GoogleDriveSource implements DriveSource {
  readonly kind = 'google-drive' as const;
  constructor(
    private readonly drive: drive_v3.Drive,
    readonly rootId: string,
    private readonly maxPages = 10,
  ) {}

  private async listAll(q: string, orderBy?: string): Promise<SourceFile[]> {
    const out: SourceFile[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < this.maxPages; page++) {
      const res = await this.call(() =>
        this.drive.files.list({
          q,
          fields: `nextPageToken, files(${FIELDS})`,
          pageSize: 200,
          orderBy,
          pageToken,
          supportsAllDrives: true,
          includeItemsFromAllDrives: true,
        }),
      );
      for (const f of res.data.files ?? []) if (!f.trashed && fitsId(f.id)) out.push(toDriveFile(f));
      pageToken = res.data.nextPageToken ?? undefined;
      if (!pageToken) break;
    }
    return out;
  }

  async list(folderId: string) {
    return sortFiles(
      await this.listAll(`${driveLiteral(folderId)} in parents and trashed = false`, 'folder,name'),
    );
  }

  async search(query: string) {
    const lit = driveLiteral(query);
    return sortFiles(
      await this.listAll(`(name contains ${lit} or fullText contains ${lit}) and trashed = false`),
    );
  }

  async get(id: string) {
    try {
      const res = await this.drive.files.get(
        { fileId: id, fields: FIELDS, supportsAllDrives: true },
        { retry: false },
      );
      if (res.data.trashed) return null;
      const f = toDriveFile(res.data);
      return { id: f.id, isFolder: f.isFolder, parents: f.parents };
    } catch (error) {
      const info = googleErrorInfo(error);
      if (info.status === 404) return null;
      throw new DriveUnavailable(`Google Drive: ${info.message}`, info.status);
    }
  }

  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      const info = googleErrorInfo(error);
      throw new DriveUnavailable(`Google Drive: ${info.message}`, info.status);
    }
  }
}

/** The bundled sample tree (demo adapter, no credentials). */
export class SampleDriveSource implements DriveSource {
  readonly kind = 'sample' as const;
  private readonly byId: Map<string, SourceFile>;
  constructor(
    readonly rootId: string,
    private readonly files: SourceFile[],
  ) {
    this.byId = new Map(files.map((f) => [f.id, f]));
  }

  async list(folderId: string) {
    return sortFiles(this.files.filter((f) => f.parents.includes(folderId)));
  }

  async search(query: string) {
    const needle = query.toLowerCase();
    return sortFiles(this.files.filter((f) => f.name.toLowerCase().includes(needle)));
  }

  async get(id: string) {
    if (id === this.rootId) return { id, isFolder: true, parents: [] };
    const f = this.byId.get(id);
    return f ? { id: f.id, isFolder: f.isFolder, parents: f.parents } : null;
  }
}
