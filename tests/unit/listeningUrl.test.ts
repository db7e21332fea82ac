import { describe, expect, it } from 'vitest';
import { listeningUrl } from '../../src/lib/listeningUrl.ts';

describe('the address a dev server prints', () => {
  it('names the port it listens on', () => {
    expect(listeningUrl({ address: '127.0.0.1', family: 'IPv4', port: 4791 })).toBe('http://127.0.0.1:4791');
  });

  it('writes an IPv6 address in brackets', () => {
    expect(listeningUrl({ address: '::1', family: 'IPv6', port: 4321 })).toBe('http://[::1]:4321');
  });

  it('gives a wildcard address as localhost', () => {
    expect(listeningUrl({ address: '::', family: 'IPv6', port: 4321 })).toBe('http://localhost:4321');
    expect(listeningUrl({ address: '0.0.0.0', family: 'IPv4', port: 5000 })).toBe('http://localhost:5000');
  });
});
