import { instantToZonedTime, timeZoneChoices, zonedTimeToInstant, zoneOffsetMs } from './zoned-time';

const instant = (wall: string, zone: string) => zonedTimeToInstant(wall, zone)?.toISOString();

describe('wall times in a time zone', () => {
  it('reads a wall time with the offset the zone has then, either side of a change of clocks', () => {
    // Paris moves from +01:00 to +02:00 at 02:00 on 2027-03-28.
    expect(instant('2027-03-27T09:00', 'Europe/Paris')).toBe('2027-03-27T08:00:00.000Z');
    expect(instant('2027-03-28T01:30', 'Europe/Paris')).toBe('2027-03-28T00:30:00.000Z');
    expect(instant('2027-03-28T09:00', 'Europe/Paris')).toBe('2027-03-28T07:00:00.000Z');
    // New York moves from -05:00 to -04:00 at 02:00 on 2027-03-14.
    expect(instant('2027-03-13T18:00', 'America/New_York')).toBe('2027-03-13T23:00:00.000Z');
    expect(instant('2027-03-14T18:00', 'America/New_York')).toBe('2027-03-14T22:00:00.000Z');
    expect(instant('2027-06-01T12:00', 'Asia/Kolkata')).toBe('2027-06-01T06:30:00.000Z');
    expect(instant('2027-06-01T12:00', 'UTC')).toBe('2027-06-01T12:00:00.000Z');
  });

  it('reads a time the clocks skip as calendars do: with the offset before the change', () => {
    // 02:30 never shows in Paris on 2027-03-28: it is 03:30 once the clocks moved.
    expect(instant('2027-03-28T02:30', 'Europe/Paris')).toBe('2027-03-28T01:30:00.000Z');
    expect(instantToZonedTime('2027-03-28T01:30:00.000Z', 'Europe/Paris')).toBe('2027-03-28T03:30');
    expect(instant('2027-03-14T02:30', 'America/New_York')).toBe('2027-03-14T07:30:00.000Z');
  });

  it('reads a time the clocks show twice as the first of the two', () => {
    // Paris goes back from 03:00 to 02:00 on 2027-10-31; New York from 02:00 to 01:00 on 2027-11-07.
    expect(instant('2027-10-31T02:30', 'Europe/Paris')).toBe('2027-10-31T00:30:00.000Z');
    expect(instant('2027-11-07T01:30', 'America/New_York')).toBe('2027-11-07T05:30:00.000Z');
  });

  it('turns an instant back into the wall time of the zone, as the form shows it when editing', () => {
    expect(instantToZonedTime('2027-03-28T07:00:00.000Z', 'Europe/Paris')).toBe('2027-03-28T09:00');
    expect(instantToZonedTime('2027-03-13T23:00:00Z', 'America/New_York')).toBe('2027-03-13T18:00');
    expect(instantToZonedTime('2027-01-01T00:00:00Z', 'Asia/Tokyo')).toBe('2027-01-01T09:00');
    for (const wall of ['2027-03-28T01:59', '2027-03-28T03:00', '2027-10-31T03:00', '2027-12-31T23:59']) {
      expect(instantToZonedTime(zonedTimeToInstant(wall, 'Europe/Paris')!, 'Europe/Paris')).toBe(wall);
    }
  });

  it('knows the offset of a zone at an instant', () => {
    expect(zoneOffsetMs('Europe/Paris', Date.parse('2027-01-15T12:00:00Z'))).toBe(3_600_000);
    expect(zoneOffsetMs('Europe/Paris', Date.parse('2027-07-15T12:00:00Z'))).toBe(7_200_000);
    expect(zoneOffsetMs('America/New_York', Date.parse('2027-01-15T12:00:00Z'))).toBe(-5 * 3_600_000);
  });

  it('gives null for what is not a wall time, or a zone that does not exist', () => {
    expect(zonedTimeToInstant('', 'Europe/Paris')).toBeNull();
    expect(zonedTimeToInstant('2027-02-30T12:00', 'Europe/Paris')).toBeNull();
    expect(zonedTimeToInstant('2027-03-28T25:00', 'Europe/Paris')).toBeNull();
    expect(zonedTimeToInstant('2027-03-28T09:00', 'Europe/Nowhere')).toBeNull();
  });

  it('offers every known zone, with the one asked for', () => {
    const zones = timeZoneChoices('Europe/Paris');
    expect(zones).toContain('America/New_York');
    expect(zones.filter((zone) => zone === 'Europe/Paris')).toHaveLength(1);
    expect(timeZoneChoices('Etc/GMT+3')[0]).toBe('Etc/GMT+3');
  });
});
