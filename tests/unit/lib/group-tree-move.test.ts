/** The group tree's move rule (src/lib/corporations moveRuleBroken): the page asks it before its confirmation, the server before it moves. */
import { moveRuleBroken, type TreeUnit } from '../../../src/lib/corporations';

const unit = (id: string, kind: string, parentId: string | null, groupId = 'g'): TreeUnit => ({ id, kind, parentId, groupId });
const units = [
  unit('g', 'GROUP', null),
  unit('east', 'BRANCH', 'g'),
  unit('east-sub', 'BRANCH', 'east'),
  unit('east-sub-dept', 'PROJECT_DEPT', 'east-sub'),
  unit('south', 'BRANCH', 'g'),
  unit('dept', 'PROJECT_DEPT', 'south'),
  unit('member', 'MEMBER_CUSTOMER', 'g'),
  unit('g2', 'GROUP', null, 'g2'),
  unit('other', 'BRANCH', 'g2', 'g2'),
];
const byId = (id: string) => units.find((u) => u.id === id)!;

describe('moveRuleBroken', () => {
  it.each([
    ['a project department to another branch', 'dept', 'east', null],
    ['a project department to the group', 'dept', 'g', null],
    ['a branch under another branch', 'south', 'east-sub', null],
    ['a branch into another group', 'east', 'other', 'otherGroup'],
    ['a branch under itself', 'east', 'east', 'intoItself'],
    ['a branch under a branch below it', 'east', 'east-sub', 'intoItself'],
    ['a branch under a project department two levels below it', 'east', 'east-sub-dept', 'intoItself'],
    ['a branch under a project department', 'east', 'dept', 'badParent'],
    ['a member customer under a branch', 'member', 'east', 'badParent'],
    ['a project department under a member customer', 'dept', 'member', 'badParent'],
  ])('%s', (_name, moving, parent, expected) => {
    expect(moveRuleBroken(byId(moving), byId(parent), units)).toBe(expected);
  });
});
