// The results' centre table puts the candidate's own centre first (issue 32 §5).
import { describe, expect, it } from 'vitest';
import { ownCenterFirst } from '../../src/components/practice/CentersTable.tsx';

describe('own centre first', () => {
  const centers = [{ name: 'București' }, { name: 'Cluj-Napoca' }, { name: 'Timișoara' }];
  it('moves the own centre to the top and keeps the others in order', () => {
    expect(ownCenterFirst(centers, 'Timișoara').map((c) => c.name)).toEqual(['Timișoara', 'București', 'Cluj-Napoca']);
  });
  it('leaves the list as it is when the centre is unknown or not scored', () => {
    expect(ownCenterFirst(centers, null).map((c) => c.name)).toEqual(['București', 'Cluj-Napoca', 'Timișoara']);
    expect(ownCenterFirst(centers, 'Iași').map((c) => c.name)).toEqual(['București', 'Cluj-Napoca', 'Timișoara']);
  });
});
