import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';
import { OptionalVideoTenant } from '../../contract/common.schemas';
import { isVideoTenant as consoleAccepts } from '../../src/domain/video';

/** What the API's schema accepts as a `vinapseTenant` ("" means none there, so it is not asked). */
const apiSchema = Compile(Type.Object({ vinapseTenant: OptionalVideoTenant }));
const apiAccepts = (sample: string) => sample !== '' && apiSchema.Check({ vinapseTenant: sample });

/** The console's form and the API refuse the same video tenants: the form never lets through what the API answers 400 to. */
describe('the video tenant rule', () => {
  const samples = [
    'a',
    '0',
    'acme',
    'acme-robotics',
    'a1-b2',
    'a'.repeat(63),
    'a'.repeat(64),
    '',
    '-a',
    'a-',
    'a--b',
    'A',
    'acme.test',
    'acme:1',
    'acme/x',
    'a@b',
    'a?b',
    'a#b',
    '127.0.0.1:3299/x#',
    ' acme',
    'acme ',
    'àcme',
    'acme\u0000',
    'acme\u200b',
    'ac_me',
  ];

  it.each(samples)('gives the same verdict on %j on both sides', (sample) => {
    expect(consoleAccepts(sample)).toBe(apiAccepts(sample));
  });

  it('accepts DNS labels only', () => {
    expect(samples.filter(consoleAccepts)).toEqual(['a', '0', 'acme', 'acme-robotics', 'a1-b2', 'a'.repeat(63)]);
  });
});
