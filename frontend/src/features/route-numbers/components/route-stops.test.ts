import { describe, expect, it } from 'vitest';
import { moveStop } from './route-stops';

describe('moving a stop', () => {
  it('swaps with its neighbour and stays put at either end', () => {
    expect(moveStop([1, 2, 3], 1, -1)).toEqual([2, 1, 3]);
    expect(moveStop([1, 2, 3], 1, 1)).toEqual([1, 3, 2]);
    expect(moveStop([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveStop([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});
