/** AI subtitles carry the AI-generated label: a first cue shown over the video, before the recognised cues. */
import { labelAiTrack } from '@/lib/server/services/learning/ai-subtitles';

describe('labelAiTrack', () => {
  it('puts the label after the header and keeps every recognised cue', () => {
    const vtt =
      'WEBVTT\r\n\r\n00:00:01.000 --> 00:00:02.000\r\n第一句\r\n\r\n00:00:03.000 --> 00:00:04.000\r\n第二句\r\n';
    expect(labelAiTrack(vtt)).toBe(
      'WEBVTT\n\n00:00:00.000 --> 00:00:05.000\n【内容由AI生成】\n\n' +
        '00:00:01.000 --> 00:00:02.000\n第一句\n\n00:00:03.000 --> 00:00:04.000\n第二句\n',
    );
  });

  it('labels a track with no cues', () => {
    expect(labelAiTrack('WEBVTT')).toBe('WEBVTT\n\n00:00:00.000 --> 00:00:05.000\n【内容由AI生成】\n');
  });
});
