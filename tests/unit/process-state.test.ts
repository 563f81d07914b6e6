/**
 * lib/server/process-state: Next.js loads a server module once per kind of entry (API routes, pages), so state that
 * a write must clear for everyone lives once per process. Two separately loaded copies of a module see one object.
 */
describe('process-wide state', () => {
  it('two copies of the module share one value per name, created once', async () => {
    type Module = typeof import('@/lib/server/process-state');
    let a!: Module;
    let b!: Module;
    await jest.isolateModulesAsync(async () => {
      a = await import('@/lib/server/process-state');
    });
    await jest.isolateModulesAsync(async () => {
      b = await import('@/lib/server/process-state');
    });
    expect(a).not.toBe(b);
    const create = jest.fn(() => new Map<string, number>());
    const fromA = a.processState('test.shared', create);
    fromA.set('k', 1);
    const fromB = b.processState('test.shared', create);
    expect(fromB).toBe(fromA);
    expect(fromB.get('k')).toBe(1);
    expect(create).toHaveBeenCalledTimes(1);
    expect(b.processState('test.other', () => new Map())).not.toBe(fromA);
  });
});
