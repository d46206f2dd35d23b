import type { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/*
 * PGlite's files on disk are private (0600 files, 0700 folders), like everything in DATA_DIR.
 *
 * PGlite runs PostgreSQL in WebAssembly over Emscripten's NODEFS, and Emscripten sets each new
 * file's mode itself with an explicit chmod (its own umask is 022, and initdb asks for 0666),
 * so the process umask does not reach them: a new database folder came out 0666 (PG_VERSION,
 * base/…), and files PostgreSQL opens with fopen() later (pg_internal.init) 0644. This file
 * system is PGlite's NodeFS with the group and other bits taken off every mode it creates or
 * sets, so no file is ever open, not even for a moment.
 */

type Pg = PGlite;
type Module = Parameters<NodeFS['init']>[1];

const PRIVATE_MASK = 0o077;

interface NodeFsOps {
  mknod?: (parent: unknown, name: string, mode: number, dev: number) => unknown;
  setattr?: (target: unknown, attr: { mode?: number } & Record<string, unknown>) => unknown;
}

/** Wraps Emscripten's NODEFS operations so that no mode keeps group or other bits. */
function privateModes(nodefs: { node_ops?: NodeFsOps; stream_ops?: NodeFsOps }): void {
  for (const ops of [nodefs.node_ops, nodefs.stream_ops]) {
    if (!ops) continue;
    const { mknod, setattr } = ops;
    if (mknod) {
      ops.mknod = (parent, name, mode, dev) =>
        mknod.call(ops, parent, name, mode & ~PRIVATE_MASK, dev);
    }
    if (setattr) {
      ops.setattr = (target, attr) =>
        setattr.call(
          ops,
          target,
          typeof attr.mode === 'number' ? { ...attr, mode: attr.mode & ~PRIVATE_MASK } : attr,
        );
    }
  }
}

export class PrivateNodeFS extends NodeFS {
  override async init(pg: Pg, options: Module) {
    const { emscriptenOpts } = await super.init(pg, options);
    const preRun = [emscriptenOpts.preRun ?? []].flat();
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        // Before NodeFS's own step mounts the folder, so the wrapped operations are the ones used.
        preRun: [
          (module: { NODEFS: { node_ops?: NodeFsOps; stream_ops?: NodeFsOps } }) =>
            privateModes(module.NODEFS),
          ...preRun,
        ],
      },
    };
  }
}
