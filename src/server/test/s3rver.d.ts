declare module 's3rver' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface S3rverOptions {
    silent?: boolean;
    directory?: string;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  /** A local server speaking the S3 protocol (objects kept in `directory`). */
  export default class S3rver {
    constructor(options?: S3rverOptions);
    configureBuckets(): Promise<void>;
    /** The request handler, for a server of one's own. */
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
