import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { course, host, useVideoService, viewerToken } from '../../support/server/video-service-harness';

const lines: string[] = [];
const logger = Fastify({ logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } }).log;
const testService = useVideoService({ logger });

describe('the request log', () => {
  it('never holds the tokens of page and media URLs', async () => {
    const token = await viewerToken();

    await testService.service.inject({ method: 'GET', url: `/upload?courseId=${course}&token=${token}&lang=en`, headers: { host } });
    await testService.service.inject({ method: 'GET', url: `/media/x?token=${token}`, headers: { host } });

    const requests = lines.filter((line) => line.includes('"req":'));
    expect(requests).toHaveLength(2);
    expect(requests[0]).toContain(`/upload?courseId=${course}&token=[redacted]&lang=en`);
    expect(requests[1]).toContain('/media/x?token=[redacted]');
    expect(lines.join('\n')).not.toContain(token);
  });
});
