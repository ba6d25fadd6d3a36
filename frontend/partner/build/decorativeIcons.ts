/**
 * antd's icons are pictures by default: each one is `role="img"` named by its file name
 * ("arrow-left", "check-circle", "google", "close-circle"), in English whatever the interface
 * language. A screen reader read them inside buttons and links ("arrow-left RETOUR AU TABLEAU DE
 * BORD", "google Google Agenda"), before each toast ("close-circle Connexion échouée") and beside
 * fields ("mail", "lock"). Every icon here stands beside a text that says the same, so an icon
 * is hidden from assistive technology (`aria-hidden`) unless it is given a name
 * (`aria-label` / `aria-labelledby`, e.g. a search field's clear button).
 *
 * The plugin puts a wrapper in place of `@ant-design/icons/es/components/AntdIconLight` (and
 * `AntdIcon`), which every icon (the app's and antd's own) renders through. It runs for the build and for the dev server's
 * pre-bundling alike (vite.config.ts).
 */
import type { Plugin } from 'vite';

const WRAPPER_PREFIX = '\0portal-decorative-icon:';
const ANTD_ICON = /[\\/]@ant-design[\\/]icons[\\/]es[\\/]components[\\/](AntdIcon|AntdIconLight)(\.js)?$/;

const wrapper = (component: string) => `
import { createElement, forwardRef } from 'react';
import AntdIcon from '@ant-design/icons/es/components/${component}';
const DecorativeIcon = forwardRef(function DecorativeIcon(props, ref) {
  const named = props['aria-label'] != null || props['aria-labelledby'] != null;
  return createElement(AntdIcon, named ? { ...props, ref } : { 'aria-hidden': true, ...props, ref });
});
DecorativeIcon.getTwoToneColor = AntdIcon.getTwoToneColor;
DecorativeIcon.setTwoToneColor = AntdIcon.setTwoToneColor;
export default DecorativeIcon;
`;

/** The resolveId / load pair, shared by the Vite plugin and the dependency pre-bundler's. */
const hooks = {
  name: 'portal-decorative-icons',
  async resolveId(
    this: {
      resolve: (
        source: string,
        importer?: string,
        options?: { skipSelf?: boolean },
      ) => Promise<{ id: string } | null>;
    },
    source: string,
    importer: string | undefined,
  ) {
    if (!importer || importer.startsWith(WRAPPER_PREFIX) || !/AntdIcon(Light)?(\.js)?$/.test(source))
      return null;
    const resolved = await this.resolve(source, importer, { skipSelf: true });
    const component = resolved && ANTD_ICON.exec(resolved.id)?.[1];
    return component ? WRAPPER_PREFIX + component : null;
  },
  load(id: string) {
    return id.startsWith(WRAPPER_PREFIX) ? wrapper(id.slice(WRAPPER_PREFIX.length)) : null;
  },
};

/**
 * The wrapper depends on a module inside @ant-design/icons: a build in which no icon went
 * through it (the package moved or renamed that module) fails, rather than ship named pictures.
 */
export function decorativeIcons(): Plugin {
  let wrapped = 0;
  let building = false;
  return {
    ...hooks,
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
    },
    buildStart() {
      wrapped = 0;
    },
    load(id) {
      const code = hooks.load(id);
      if (code) wrapped++;
      return code;
    },
    buildEnd(error) {
      if (building && !error && wrapped === 0)
        throw new Error(
          'decorativeIcons: no module of @ant-design/icons went through the wrapper; ' +
            'its AntdIcon / AntdIconLight components moved (build/decorativeIcons.ts)',
        );
    },
  };
}

/** The same for the dev server's dependency pre-bundling (optimizeDeps.rolldownOptions.plugins). */
export const decorativeIconsForDeps = () => ({ ...hooks });
