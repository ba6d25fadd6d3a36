// Makes the demo resource files that the bundled sample Drive tree opens (docs/DEMO_CONTENT.md):
// real PDFs and images of our own, each marked as a demo. Run once after changing them:
// `npx tsx frontend/partner/scripts/demoResources.ts`; the files are committed under
// frontend/partner/public/demo/resources and their sizes written into the sample tree.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { launchBrowser } from '../../../testing/browser';

const OUT = 'frontend/partner/public/demo/resources';
const TREE = 'backend/src/integrations/google/samples/drive.json';

const style = `
  body { font-family: 'DejaVu Sans', Arial, sans-serif; color: #1f2a37; margin: 48px; }
  .demo { display: inline-block; background: #fff4e5; color: #8a4b00; border: 1px solid #f5c27a;
          border-radius: 999px; padding: 4px 12px; font-size: 12px; letter-spacing: .04em; }
  h1 { color: #0d7d67; margin: 16px 0 8px; } li { margin: 6px 0; } p { line-height: 1.5; }
  table { border-collapse: collapse; width: 100%; } td, th { border: 1px solid #cbd5e1; padding: 8px; text-align: left; }`;

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><style>${style}</style></head><body>
  <span class="demo">DEMO DOCUMENT · replace it with your team's own file in Google Drive</span>
  <h1>${title}</h1>${body}</body></html>`;

const list = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;

const PDFS: Record<string, { file: string; html: string }> = {
  's-welcome-guide': {
    file: 'welcome-guide.pdf',
    html: page(
      'Welcome Guide',
      `<p>Welcome to the team! This guide walks you through your first days as a partner.</p>${list([
        'Finish the five steps of your foundation training.',
        'Join the weekly Partner Training live call.',
        'Write down your why and share it with your sponsor.',
        'Prepare your two lists: possible customers and possible partners.',
      ])}`,
    ),
  },
  's-first-week': {
    file: 'first-week-plan.pdf',
    html: page(
      'Your First Week Plan',
      `<table><tr><th>Day</th><th>Focus</th></tr>${[
        'Foundation steps 1 and 2',
        'Your two lists (step 3)',
        'Your product experience (step 4)',
        'Your why (step 5)',
        'A replay from the Academy',
        'Three conversations',
        'Review the week with your sponsor',
      ]
        .map((f, i) => `<tr><td>Day ${i + 1}</td><td>${f}</td></tr>`)
        .join('')}</table>`,
    ),
  },
  's-ingredients': {
    file: 'ingredients.pdf',
    html: page(
      'Ingredients and Nutrition Facts',
      '<p>This placeholder stands where the official product sheet goes. Always share the sheet published by the company, never a copy of your own.</p>',
    ),
  },
  's-brochure': {
    file: 'customer-brochure.pdf',
    html: page(
      'Customer Brochure',
      `<p>A short introduction for people who ask what you do.</p>${list([
        'Who we are',
        'How the products fit into a day',
        'How to order',
      ])}`,
    ),
  },
  's-order-form': {
    file: 'order-form.pdf',
    html: page(
      'Customer Order Form',
      '<table><tr><th>Name</th><th>Product</th><th>Quantity</th></tr><tr><td>&nbsp;</td><td></td><td></td></tr><tr><td>&nbsp;</td><td></td><td></td></tr><tr><td>&nbsp;</td><td></td><td></td></tr></table>',
    ),
  },
};

const NOT_INCLUDED = {
  file: 'not-included.pdf',
  html: page(
    'This file is not part of the demo',
    "<p>In your portal this card opens the file of the same name from your team's Google Drive folder. Set <code>DRIVE_ROOT_FOLDER_ID</code> and the Google credentials to show your own resources (see the README).</p>",
  ),
};

const IMAGES: Record<string, { file: string; title: string; color: string; type: 'png' | 'jpeg' }> = {
  's-product-shot': { file: 'product-photo.jpg', title: 'Product photo', color: '#0d7d67', type: 'jpeg' },
  's-post-1': { file: 'instagram-post.png', title: 'Morning routine', color: '#b45309', type: 'png' },
  's-post-2': { file: 'facebook-cover.png', title: 'Feel great every day', color: '#1d4ed8', type: 'png' },
  's-story': { file: 'story-template.png', title: 'Your story here', color: '#7c3aed', type: 'png' },
};

/** Open films of the Blender Foundation (CC BY), played from their own server (size not known: not shown). */
const VIDEOS: Record<string, string> = {
  's-video-1': 'https://download.blender.org/peach/bigbuckbunny_movies/BigBuckBunny_320x180.mp4',
  's-video-2': 'https://download.blender.org/durian/trailer/sintel_trailer-480p.mp4',
};

mkdirSync(OUT, { recursive: true });
const browser = await launchBrowser();
try {
  const tab = await browser.newPage();
  for (const { file, html } of [...Object.values(PDFS), NOT_INCLUDED]) {
    await tab.setContent(html);
    await tab.pdf({ path: `${OUT}/${file}`, format: 'A4' });
  }
  for (const { file, title, color, type } of Object.values(IMAGES)) {
    await tab.setViewportSize({ width: 1080, height: 1080 });
    await tab.setContent(
      `<body style="margin:0;display:grid;place-items:center;height:100vh;background:${color};color:#fff;font:700 72px 'DejaVu Sans',Arial">
       <div style="text-align:center">${title}<div style="font-size:28px;font-weight:400;margin-top:24px">Demo image</div></div></body>`,
    );
    await tab.screenshot({ path: `${OUT}/${file}`, type, ...(type === 'jpeg' ? { quality: 80 } : {}) });
  }
} finally {
  await browser.close();
}

// point the sample tree at the files (relative links: the portal serves them itself)
const tree = JSON.parse(readFileSync(TREE, 'utf8')) as {
  files: {
    id: string;
    mimeType: string;
    size: number;
    webViewLink: string | null;
    thumbnailLink: string | null;
  }[];
};
for (const f of tree.files) {
  if (f.mimeType === 'application/vnd.google-apps.folder') {
    f.webViewLink = null; // folders open inside the portal
    continue;
  }
  const file = PDFS[f.id]?.file ?? IMAGES[f.id]?.file ?? NOT_INCLUDED.file;
  f.webViewLink = VIDEOS[f.id] ?? `/demo/resources/${file}`;
  f.size = VIDEOS[f.id] ? 0 : statSync(`${OUT}/${file}`).size;
  if (IMAGES[f.id]) f.thumbnailLink = f.webViewLink;
}
writeFileSync(TREE, `${JSON.stringify(tree, null, 2)}\n`);
process.stdout.write(`demo resources written to ${OUT}\n`);
