// The espeak-ng package (Emscripten build of eSpeak NG) ships no types.
declare module 'espeak-ng' {
  interface ESpeakModule {
    FS: {
      readFile(path: string): Uint8Array;
      writeFile(path: string, data: string | Uint8Array): void;
    };
  }
  interface ESpeakOptions {
    arguments: string[];
    print?: (text: string) => void;
    printErr?: (text: string) => void;
    preRun?: Array<(module: ESpeakModule) => void>;
  }
  export default function ESpeakNg(options: ESpeakOptions): Promise<ESpeakModule>;
}
