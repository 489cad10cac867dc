// Module Federation runtime plugin of the shell: puts the federation SDK the shell's own runtime
// uses on the page, for the remotes' containers. A remote's production build takes the
// runtime from the shell (`experiments.externalRuntime`) and, the same way, this SDK
// (`_ALMACEN_FEDERATION_SDK`, rspack.shared.ts): its logger, script loading and manifest helpers
// are ≈ 5 KB compressed that each remoteEntry.js no longer carries. `require`, not `import`: the
// bundler runtime requires the package's CommonJS build, and this must be that same module.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** `_ALMACEN_FEDERATION_SDK`, from rspack.shared.ts (DefinePlugin): the name the remotes' builds read. */
declare const __ALMACEN_FEDERATION_SDK_GLOBAL__: string;
declare const require: (id: string) => unknown;
(globalThis as Record<string, unknown>)[__ALMACEN_FEDERATION_SDK_GLOBAL__] = require('@module-federation/sdk');

export default function provideFederationSdk(): ModuleFederationRuntimePlugin {
  return { name: 'almacen-provide-federation-sdk' };
}
