/** The renderer's copy of the learner's readings: loaded, changed through the core, applied to tokens already on screen. */
import { describe, expect, it, vi } from 'vitest';
import type { ReadingCorrection } from '../../../../shared/contract/readings';
import { installBrowserGlobals, makeBridgeStub, setStubbedBridge } from '../support/bridgeStub';

vi.mock('../../../../renderer/src/bridge', async () => (await import('../support/bridgeStub')).stubbedBridgeModule);
installBrowserGlobals();

const b = makeBridgeStub();
setStubbedBridge(b.bridge);
const { useReadings, withReading } = await import('../../../../renderer/src/stores/readingsStore');

const correction = (word: string, reading: string): ReadingCorrection => ({ word, reading, updatedAt: '2026-11-26T00:00:00.000Z' });

describe('readings store', () => {
  it('loads the corrections, sets and forgets one through the core, and says when the core refused', async () => {
    b.answers.set('readings.list', () => ({ ok: true, value: [correction('毛', 'け')] }));
    await useReadings.getState().load();
    expect(useReadings.getState().byWord).toEqual({ 毛: 'け' });

    b.answers.set('readings.correct', (arg) => ({ ok: true, value: correction((arg as { word: string }).word, 'よ') }));
    expect(await useReadings.getState().correct('夜', 'ヨ')).toBeNull();
    expect(b.calls.at(-1)).toEqual({ method: 'readings.correct', args: [{ word: '夜', reading: 'ヨ' }] });
    expect(useReadings.getState().byWord).toEqual({ 毛: 'け', 夜: 'よ' });

    b.answers.set('readings.reset', () => ({ ok: true, value: { removed: true } }));
    expect(await useReadings.getState().reset('毛')).toBeNull();
    expect(useReadings.getState().byWord).toEqual({ 夜: 'よ' });

    b.answers.set('readings.correct', () => ({ ok: false, error: { code: 'bad_request', message: 'not kana' } }));
    expect(await useReadings.getState().correct('夜', 'yo')).toMatchObject({ code: 'bad_request' });
    expect(useReadings.getState().byWord).toEqual({ 夜: 'よ' });
  });

  it("shows a token with the learner's reading, and with the analysis's again once it is forgotten", () => {
    const night = { word: '夜', furigana: 'よる', pos: 'noun' as const };
    expect(withReading(night, { 夜: 'よ' }).furigana).toBe('よ');
    expect(withReading(night, {})).toBe(night);
    // Given corrected by the core, the correction since forgotten.
    expect(withReading({ ...night, furigana: 'よ', uncorrected: 'よる' }, {}).furigana).toBe('よる');
    expect(withReading({ ...night, furigana: 'よ', uncorrected: 'よる' }, { 夜: 'よ' }).furigana).toBe('よ');
  });
});
