/**
 * The demo videos: open films of the Blender Foundation / Blender Studio, published on their
 * official YouTube channel under Creative Commons Attribution licences, so a newcomer's demo
 * really plays. Credited in docs/DEMO_CONTENT.md. Durations are the published lengths.
 */
export interface OpenFilm {
  youtubeId: string;
  title: string;
  year: number;
  /** ISO 8601 duration */
  duration: string;
}

export const OPEN_FILMS = {
  elephantsDream: { youtubeId: 'TLkA0RELQ1g', title: 'Elephants Dream', year: 2006, duration: 'PT10M54S' },
  bigBuckBunny: { youtubeId: 'aqz-KE-bpKQ', title: 'Big Buck Bunny', year: 2008, duration: 'PT10M35S' },
  sintel: { youtubeId: 'eRsGyueVLvQ', title: 'Sintel', year: 2010, duration: 'PT14M48S' },
  tearsOfSteel: { youtubeId: 'R6MlUcmOul8', title: 'Tears of Steel', year: 2012, duration: 'PT12M14S' },
  caminandes2: {
    youtubeId: 'Z4C82eyhwgU',
    title: 'Caminandes 2: Gran Dillama',
    year: 2013,
    duration: 'PT2M26S',
  },
  cosmosLaundromat: {
    youtubeId: 'Y-rmzh0PI3c',
    title: 'Cosmos Laundromat',
    year: 2015,
    duration: 'PT12M10S',
  },
  caminandes3: { youtubeId: 'SkVqJ1SGeL0', title: 'Caminandes 3: Llamigos', year: 2016, duration: 'PT2M30S' },
  agent327: {
    youtubeId: 'mN0zPOpADL4',
    title: 'Agent 327: Operation Barbershop',
    year: 2017,
    duration: 'PT3M51S',
  },
  hero: { youtubeId: 'pKmSdY56VtY', title: 'Hero', year: 2018, duration: 'PT3M58S' },
  spring: { youtubeId: 'WhWc3b3KhnY', title: 'Spring', year: 2019, duration: 'PT7M44S' },
  coffeeRun: { youtubeId: 'PVGeM40dABA', title: 'Coffee Run', year: 2020, duration: 'PT3M5S' },
  spriteFright: { youtubeId: '_cMxraX_5RE', title: 'Sprite Fright', year: 2021, duration: 'PT10M29S' },
  charge: { youtubeId: 'UXqq0ZvbOnk', title: 'Charge', year: 2022, duration: 'PT3M51S' },
} as const satisfies Record<string, OpenFilm>;

export type OpenFilmKey = keyof typeof OPEN_FILMS;
export const OPEN_FILM_LIST: readonly OpenFilm[] = Object.values(OPEN_FILMS);

/**
 * The line a demo replay carries so nobody mistakes it for real training content. (Free of the
 * replay category keywords, so it does not change the replay's category.)
 */
export const filmCredit = (film: OpenFilm) =>
  `Sample video: “${film.title}” (${film.year}), an open film by the Blender Foundation (CC BY).`;

/** The film's watch address: the vault link of its demo testimonial. */
export const filmLink = (film: OpenFilm) => `https://www.youtube.com/watch?v=${film.youtubeId}`;

/** YouTube's own still of a video. */
export const youtubeThumbnail = (youtubeId: string) => `https://i.ytimg.com/vi/${youtubeId}/hqdefault.jpg`;
