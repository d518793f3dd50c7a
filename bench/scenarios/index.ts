import type { ScenarioName } from '../settings';
import { capacityScenario } from './capacity';
import { coldStartScenario } from './cold-start';
import { deepPageScenario } from './deep-page';
import { directMessagesScenario } from './direct-messages';
import { fanOutScenario } from './fan-out';
import { feedScenario } from './feed';
import { feedLayersScenario } from './feed-layers';
import { firstLoadScenario } from './first-load';
import { idleSocketsScenario } from './idle-sockets';
import { redisTrafficScenario } from './redis-traffic';
import type { Scenario } from './scenario';
import { socketHeapScenario } from './socket-heap';

export const SCENARIO_RUNNERS: Record<ScenarioName, Scenario> = {
  feed: feedScenario,
  layers: feedLayersScenario,
  deep: deepPageScenario,
  dm: directMessagesScenario,
  fanout: fanOutScenario,
  heap: socketHeapScenario,
  firstload: firstLoadScenario,
  coldstart: coldStartScenario,
  capacity: capacityScenario,
  idle: idleSocketsScenario,
  redis: redisTrafficScenario,
};
