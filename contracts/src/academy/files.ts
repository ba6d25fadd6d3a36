/** Drive file types and sizes (spec: Resources). Pure and zod-free. */

export const FILE_TYPES = [
  'folder',
  'pdf',
  'image',
  'video',
  'audio',
  'google-doc',
  'google-sheet',
  'google-slides',
  'word',
  'excel',
  'powerpoint',
  'other',
] as const;
export type FileType = (typeof FILE_TYPES)[number];

const EXACT: Record<string, FileType> = {
  'application/vnd.google-apps.folder': 'folder',
  'application/pdf': 'pdf',
  'application/vnd.google-apps.document': 'google-doc',
  'application/vnd.google-apps.spreadsheet': 'google-sheet',
  'application/vnd.google-apps.presentation': 'google-slides',
  'application/msword': 'word',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'word',
  'application/vnd.ms-excel': 'excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'excel',
  'application/vnd.ms-powerpoint': 'powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'powerpoint',
};

/** File type of a Drive MIME type. */
export function fileTypeOf(mimeType: string | null | undefined): FileType {
  const mime = (mimeType ?? '').toLowerCase();
  if (EXACT[mime]) return EXACT[mime];
  if (mime.startsWith('image/') || mime === 'application/vnd.google-apps.drawing') return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  return 'other';
}

const UNITS = ['bytes', 'kb', 'mb', 'gb'] as const;
type FileSizeUnit = (typeof UNITS)[number];

/**
 * A file's size in 1024 units (bytes, KB, MB, GB): the number, and the unit each front end names
 * in the reader's language ("1,5 Mo" in French); null when there is no size to show (0 or
 * missing).
 */
export function fileSizeOf(
  bytes: number | string | null | undefined,
): { value: number; unit: FileSizeUnit } | null {
  const n = typeof bytes === 'string' ? Number(bytes) : bytes;
  if (n == null || !Number.isFinite(n) || n <= 0) return null;
  const i = Math.min(UNITS.length - 1, Math.floor(Math.log(n) / Math.log(1024)));
  return { value: n / 1024 ** i, unit: UNITS[i] };
}

/** How deep below the Resources root a folder can lie (the address's trail and the server's root check). */
export const RESOURCE_FOLDER_MAX_DEPTH = 30;
