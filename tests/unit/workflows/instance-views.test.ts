/**
 * Every link to an instance opens a page that shows its record (issue 37 item 6): 查看 opens the
 * shared task view, which shows a process's record through its task component. Walked over every
 * process of the registry: a process with a component of its own must name a loadable one; a process
 * without falls back to the approvable-resource change view, which shows a record only when a
 * resource declaration binds the process (its instances carry that resource's change). A process that
 * has neither would open the process header alone, as real-name admission and price policies did.
 */
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../../src/resources';
import { PROCESS_DEFINITIONS, PROCESS_KEYS } from '../../../src/workflows/registry';
import { TASK_COMPONENTS, taskComponentLoader, taskComponentName } from '../../../src/workflows/task-components';

/** The process keys some resource declaration proposes its saves through. */
const bound = new Set(RESOURCES.flatMap((resource) => Object.values(resource.approval ?? {}).filter((key): key is string => typeof key === 'string')));

describe('the instance view of every process shows its record', () => {
  it.each(PROCESS_KEYS)('%s', (processKey) => {
    const definition = PROCESS_DEFINITIONS[processKey];
    for (const step of [null, ...Object.keys(definition.activities)]) {
      const name = taskComponentName(processKey, step);
      const loader = taskComponentLoader(processKey, step);
      expect(loader, `${processKey} at ${step ?? 'its end'} opens no record view`).toBeDefined();
      if (name) expect(Object.hasOwn(TASK_COMPONENTS, name), `${processKey}: component ${name} is not registered`).toBe(true);
      else expect(bound.has(processKey), `${processKey} has no component and no resource declaration binds it: its view would show no record`).toBe(true);
    }
  });

  it('loads the record views of real-name admission and price policies', async () => {
    for (const processKey of ['Process_CORP_ADMIT', 'Process_PRICE_CONFIG_CREATE']) {
      const module = await taskComponentLoader(processKey, null)!();
      expect(typeof module.default).toBe('function');
    }
  });
});
