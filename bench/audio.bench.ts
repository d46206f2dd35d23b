import { createSpeechQueue } from '#server/features/marketing/speech/speech-queue.ts';
import type { AudioLanguage, BackgroundMusic } from '#shared/marketing/audio.ts';
import type { Bench, BenchResult } from './run.ts';

/*
 * Generation time of one minute of audio — a script of that length spoken by the
 * offline engine, mixed over a synthesised bed and encoded to MP3 — in its capped child
 * process, English and Mandarin. Target: ≤ 20 s each on this machine.
 */

const ENGLISH =
  'Welcome to Xiamen Greenleaf Bamboo Products. Founded in 2011, we export bamboo kitchenware to retailers in thirty-five countries. Our main products include bamboo cutting boards, serving trays and storage boxes, made on six production lines in our own factory. Every board is sanded by hand and finished with food-safe oil. We hold FSC and LFGB certificates, and our minimum order is five hundred pieces per model. Samples leave within three days. At the fair you can meet our export manager at the booth. Scan the QR code on our business card to ask our assistant anything about our products. We look forward to working with you.';
const MANDARIN =
  '欢迎了解厦门绿叶竹制品有限公司。我们成立于二〇一一年，产品出口三十五个国家。主要产品包括竹砧板、竹托盘和竹收纳盒，由自有工厂的六条生产线制造。每一块砧板都经过手工打磨，并使用食品级木蜡油。我们通过了FSC和LFGB认证，每款起订量为五百件，样品三天内发出。展会期间，欢迎到展位与我们的出口经理面谈。扫描名片上的二维码，就可以随时向智能助手咨询产品信息。期待与您合作。';

const CASES: Array<{
  name: string;
  language: AudioLanguage;
  script: string;
  music: BackgroundMusic;
}> = [
  { name: 'English, corporate bed', language: 'en', script: ENGLISH, music: 'corporate' },
  { name: 'Mandarin, relaxing bed', language: 'zh-CN', script: MANDARIN, music: 'relaxing' },
];

export const audioBench: Bench = {
  name: 'audio',
  async run() {
    const queue = createSpeechQueue();
    const results: BenchResult[] = [];
    for (const item of CASES) {
      const started = performance.now();
      const audio = await queue.render({
        script: item.script,
        language: item.language,
        voiceType: 'professional',
        backgroundMusic: item.music,
      });
      const seconds = (performance.now() - started) / 1000;
      results.push({
        name: `audio: ${item.name} (${audio.durationSeconds.toFixed(0)} s of MP3, ${Math.round(audio.mp3.length / 1024)} KB)`,
        figure: `${seconds.toFixed(1)} s (${(seconds / (audio.durationSeconds / 60)).toFixed(1)} s per minute)`,
        target: '≤ 20 s per minute',
      });
    }
    return results;
  },
};
