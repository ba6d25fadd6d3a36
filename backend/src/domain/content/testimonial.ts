/**
 * A vault testimonial is stored as name, categories and link (spec section 3); its id, type,
 * video id, thumbnails and embed address derive from the link. Pure.
 */
export interface TestimonialSource {
  name: string;
  categories: string[];
  link: string;
}

export interface VideoRef {
  type: 'youtube' | 'drive';
  videoId: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

/** The video behind a YouTube (watch, youtu.be, shorts, embed) or Google Drive (file/d, open?id) link. */
export function videoRefOf(link: string): VideoRef | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^www\.|^m\./, '');
  if (host === 'youtu.be') {
    const id = url.pathname.split('/')[1] ?? '';
    return YOUTUBE_ID.test(id) ? { type: 'youtube', videoId: id } : null;
  }
  if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const v = url.searchParams.get('v');
    if (v && YOUTUBE_ID.test(v)) return { type: 'youtube', videoId: v };
    const m = /^\/(?:shorts|embed|live)\/([A-Za-z0-9_-]{11})/.exec(url.pathname);
    return m ? { type: 'youtube', videoId: m[1] } : null;
  }
  if (host === 'drive.google.com') {
    const m = /\/file\/d\/([A-Za-z0-9_-]+)/.exec(url.pathname);
    const id = m?.[1] ?? url.searchParams.get('id');
    return id && /^[A-Za-z0-9_-]+$/.test(id) ? { type: 'drive', videoId: id } : null;
  }
  return null;
}

/** Thumbnails best first: high quality, standard, default (the page falls back along them). */
export function thumbnailsOf(ref: VideoRef): string[] {
  if (ref.type === 'youtube') {
    return ['hqdefault', 'sddefault', 'default'].map((q) => `https://i.ytimg.com/vi/${ref.videoId}/${q}.jpg`);
  }
  return [
    `https://drive.google.com/thumbnail?id=${ref.videoId}&sz=w640`,
    `https://drive.google.com/thumbnail?id=${ref.videoId}`,
  ];
}

function embedUrlOf(ref: VideoRef): string {
  return ref.type === 'youtube'
    ? `https://www.youtube-nocookie.com/embed/${ref.videoId}?rel=0`
    : `https://drive.google.com/file/d/${ref.videoId}/preview`;
}

/** The testimonial as the vault shows it; null when the link is not a video we can play. */
export function toTestimonial<T extends TestimonialSource>(source: T) {
  const ref = videoRefOf(source.link);
  if (!ref) return null;
  return {
    id: `${ref.type}-${ref.videoId}`,
    name: source.name,
    categories: source.categories,
    link: source.link,
    type: ref.type,
    videoId: ref.videoId,
    thumbnails: thumbnailsOf(ref),
    embedUrl: embedUrlOf(ref),
  };
}
