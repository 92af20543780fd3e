// The committed fixtures are what their scenarios make today: each truth.json is the physics' truth
// for its scenario at 60 fps through the demo camera, and each clip.mp4 holds one frame per truth
// frame. A change to the physics that moves any ball shows up here: regenerate them with
// `npx tsx scripts/make-fixtures.ts`.
import { parseSnookerScenario, SNOOKER_SCENARIOS } from './helpers/games.ts';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseClipRender, playOptions } from '../src/sim/render/index.ts';
import { makeTruth, playScenario } from '../src/sim/truth.ts';

const names = [...SNOOKER_SCENARIOS];
const calibration = JSON.parse(readFileSync('calibration/demo.json', 'utf8')) as unknown;

describe('committed fixtures', () => {
  it('there are the ten of issue 3', () => {
    expect(names.sort()).toEqual(
      [
        'colour-pot',
        'double',
        'escape-from-snooker',
        'fast-stroke',
        'in-off',
        'kiss',
        'occluded-by-player',
        'opening-break',
        'rattle',
        'red-pot',
      ].sort(),
    );
  });
  for (const name of names) {
    it(`${name}: truth.json is the scenario's truth, clip.mp4 has a frame for each of its frames`, () => {
      const scenario = parseSnookerScenario(
        JSON.parse(readFileSync(`fixtures/scenarios/${name}.json`, 'utf8')),
      );
      if (!scenario.ok) throw new Error(scenario.error.message);
      const render = parseClipRender(scenario.value);
      if (!render.ok) throw new Error(render.error.message);
      const fresh = makeTruth(playScenario(scenario.value, playOptions(render.value)), 60, calibration);
      const dir = join('fixtures', name);
      const committed = JSON.parse(readFileSync(join(dir, 'truth.json'), 'utf8')) as typeof fresh;
      expect(committed.fps).toBe(60);
      expect(committed.calibration).toEqual(calibration);
      expect(committed.strokes).toEqual(JSON.parse(JSON.stringify(fresh.strokes)));
      expect(committed.frames).toEqual(JSON.parse(JSON.stringify(fresh.frames)));
      expect(existsSync(join(dir, 'clip.mp4'))).toBe(true);
      const info = spawnSync(
        'ffprobe',
        [
          '-v',
          'error',
          '-select_streams',
          'v:0',
          '-show_entries',
          'stream=width,height,r_frame_rate,nb_frames',
          '-of',
          'csv=p=0',
          join(dir, 'clip.mp4'),
        ],
        { encoding: 'utf8' },
      );
      expect(info.stdout.trim()).toBe(`1920,1080,60/1,${committed.frames.length}`);
    });
  }
});
