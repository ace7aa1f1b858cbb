import { describe, expect, test } from 'vitest';
import { isTextual, parseMediaType } from './mediaType.ts';

describe('parseMediaType', () => {
  test.each([
    ['text/html', { essence: 'text/html' }],
    ['Text/HTML; Charset=UTF-8', { essence: 'text/html', charset: 'UTF-8' }],
    ['text/html;charset="shift_jis"', { essence: 'text/html', charset: 'shift_jis' }],
    ['text/html; foo; charset=windows-1252', { essence: 'text/html', charset: 'windows-1252' }],
    ['text/plain; format=flowed; charset=iso-8859-1; x=y', { essence: 'text/plain', charset: 'iso-8859-1' }],
    ['application/json; charset=', { essence: 'application/json' }],
    [['text/plain', 'text/html; charset=utf-8'], { essence: 'text/html', charset: 'utf-8' }],
  ])('%j', (header, parsed) => {
    expect(parseMediaType(header)).toEqual(parsed);
  });

  test.each([undefined, '', 'html', 'text/', '/html', 'text/html/x', 'te xt/html'])('%j has no media type', (header) => {
    expect(parseMediaType(header)).toBeUndefined();
  });
});

describe('isTextual', () => {
  test.each(['text/html', 'text/css', 'application/json', 'application/ld+json', 'application/xml', 'image/svg+xml', 'application/javascript'])(
    '%s is text',
    (essence) => expect(isTextual(essence)).toBe(true),
  );
  test.each(['image/png', 'application/octet-stream', 'application/pdf', 'font/woff2', 'video/mp4'])('%s is binary', (essence) =>
    expect(isTextual(essence)).toBe(false),
  );
});
