import type { UnitRecord } from './UnitRecord.ts';

/**
 * A realistic valid record (the hero section of a home page) whose every field holds an ordinary
 * value, none at the edge of a rule: parentUnitId is a string (not null), order is 2 (not 1), behavior
 * is an object (not null), gapRefs has two items (neither none nor one), and every optional field but
 * extensions is there. So a case that changes one field of it tests one rule and nothing else. Fresh
 * on every call: callers may change it.
 */
export function exampleRecord(): UnitRecord {
  return {
    schemaVersion: '0083.1',
    kind: 'unit',
    id: 'hero',
    unitKind: 'section',
    pageKey: 'home',
    parentUnitId: 'page',
    order: 2,
    status: 'accepted',
    classification: { role: 'hero', confidence: 0.94, signals: ['h1', 'above-fold'] },
    scope: { selector: 'main > section:nth-of-type(1)', viewport: { width: 1440, height: 900 } },
    content: {
      heading: { text: 'Build pages that rebuild themselves', level: 1 },
      body: [{ type: 'paragraph', text: 'From a URL to a faithful, editable page.' }],
      cta: { label: 'Get started', href: '/signup' },
    },
    assets: [{ kind: 'image', url: 'https://example.com/hero.webp', width: 1600, height: 900 }],
    layers: [{ name: 'background', z: 0 }, { name: 'copy', z: 1 }],
    layout: { display: 'grid', columns: 12, gap: '24px' },
    styleables: [{ part: 'heading', properties: ['color', 'font-size'] }],
    behavior: { onScroll: 'parallax' },
    children: ['hero-heading', 'hero-cta'],
    reconstruction: { strategy: 'semantic', fidelity: 0.9 },
    acceptance: { checks: ['visual-diff'], threshold: 0.02 },
    diagnostics: [{ level: 'info', code: 'D-contrast', message: 'Heading contrast 4.6:1' }],
    provenance: { source: 'https://example.com/', fetchedAt: '2025-01-01T00:00:00Z' },
    gapRefs: ['gap:hero-font', 'gap:cta-color'],
    dependencyHashes: ['9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08'],
    hash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  };
}
