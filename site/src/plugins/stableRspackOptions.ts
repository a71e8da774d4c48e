import type {Plugin} from '@docusaurus/types';

/**
 * Docusaurus 3.9 still sets Rspack's `experiments.lazyBarrel`, which Rspack 1.7 made stable and
 * on by default, so every build printed a deprecation warning nobody here can act on. Removing
 * the option keeps the same behaviour without the noise. Delete this plugin once Docusaurus
 * stops setting it.
 */
export default function stableRspackOptions(): Plugin {
  return {
    name: 'stable-rspack-options',
    configureWebpack(config) {
      const experiments = config.experiments as Record<string, unknown> | undefined;
      if (experiments?.lazyBarrel === true) delete experiments.lazyBarrel;
      return {};
    },
  };
}
