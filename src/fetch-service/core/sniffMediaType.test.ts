import { describe, expect, test } from 'vitest';
import { sniffMediaType } from './sniffMediaType.ts';

describe('sniffMediaType', () => {
  test.each([
    ['<!DOCTYPE html><p>x', 'text/html'],
    ['  \n<html lang="en">', 'text/html'],
    ['<!-- comment -->', 'text/html'],
    ['<?xml version="1.0"?><a/>', 'text/xml'],
    ['plain words', 'text/plain'],
    ['', 'text/plain'],
    ['<htmlx>', 'text/plain'],
  ])('%j', (text, type) => {
    expect(sniffMediaType(Buffer.from(text))).toBe(type);
  });

  test('bytes that never occur in text make it binary', () => {
    expect(sniffMediaType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe('application/octet-stream');
    expect(sniffMediaType(Buffer.from('abc\u0000def'))).toBe('application/octet-stream');
  });

  test('a UTF-16 byte order mark makes NUL bytes text', () => {
    expect(sniffMediaType(Buffer.from('\ufeffhi', 'utf16le'))).toBe('text/plain');
  });
});
