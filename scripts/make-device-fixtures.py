#!/usr/bin/env python3
"""Writes the FIT and TCX fixtures in Tests/MateRunScenariosTests/DeviceFiles/, shaped as devices
write them, from runs with a known truth (positions laid out metre by metre on the WGS84 ellipsoid).

Usage: python3 scripts/make-device-fixtures.py   (no packages needed; the output is committed)

  run-pauses.fit    a 1 Hz run of 2.4 km: 14-byte header with CRC, little-endian, 20 records
                    without a position before the GPS fix, a developer field on every record,
                    compressed-timestamp records, a 60 s pause of the timer, 2 laps (the first
                    marked by hand), a session (running)
  ride-bigendian.fit  a 1 Hz ride of 6 km: 12-byte header, big-endian messages, enhanced_speed and
                    enhanced_altitude only, a session (cycling)
  multisport.fit    a run then a ride, two sessions (--track 1 and --track 2), 2 s between records
  sparse-run.fit    a 5.2 km run on a twisty route with two stops, recorded as smart recording does
                    (a record every 1-10 s, 4.5 s at the median) from a 1 Hz receiver wandering 3 m
                    over 30 s (averaged over 5 s by the watch); distance as the watch writes it: its
                    own 1 Hz track's length
  long-ride.fit     a 2-hour ride of 60 km at 5-12 m/s through bends, 1 Hz, the same receiver noise,
                    the device's distance likewise; a session total_distance
  run-pauses.tcx    the run of run-pauses.fit as Garmin Connect exports it: ns3 TPX Speed and
                    RunCadence, two laps, a second Track in the first lap after the pause, the
                    points without a position kept as Trackpoints without Position

and the fuzzer's seeds in Fuzz/corpus/fit and Fuzz/corpus/tcx (each file starts with the byte
that picks its mode): 40 points of the run as FIT, 12 as TCX (libFuzzer's inputs are at most 8 kB).
"""
import math
import os
import random
import struct

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
OUT = os.path.join(ROOT, "Tests", "MateRunScenariosTests", "DeviceFiles")
FIT_EPOCH = 631065600
START = 1_715_000_000  # 2024-05-06T12:53:20Z
A, F = 6378137.0, 1 / 298.257223563
E2 = F * (2 - F)


def step(lat, lon, east, north):
    """The position `east` and `north` metres away, with the ellipsoid's radii of curvature."""
    phi = math.radians(lat)
    s = 1 - E2 * math.sin(phi) ** 2
    meridian = A * (1 - E2) / s ** 1.5
    normal = A / math.sqrt(s)
    return lat + math.degrees(north / meridian), lon + math.degrees(east / (normal * math.cos(phi)))


def course(lat, lon, legs, speed, interval):
    """Points every `interval` s at `speed` m/s along legs of (heading degrees, metres)."""
    points, distance = [(lat, lon, 0.0)], 0.0
    for heading, metres in legs:
        east, north = math.sin(math.radians(heading)), math.cos(math.radians(heading))
        done = 0.0
        while done + speed * interval <= metres + 1e-9:
            lat, lon = step(lat, lon, east * speed * interval, north * speed * interval)
            done += speed * interval
            distance += speed * interval
            points.append((lat, lon, distance))
    return points


# MARK: FIT

def crc16(data, crc=0):
    table = [0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
             0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400]
    for byte in data:
        for nibble in (byte & 0x0F, byte >> 4):
            tmp = table[crc & 0x0F]
            crc = ((crc >> 4) & 0x0FFF) ^ tmp ^ table[nibble]
    return crc


BASE = {"enum": (0x00, "B"), "sint8": (0x01, "b"), "uint8": (0x02, "B"), "sint16": (0x83, "h"),
        "uint16": (0x84, "H"), "sint32": (0x85, "i"), "uint32": (0x86, "I"), "string": (0x07, None),
        "uint32z": (0x8C, "I"), "byte": (0x0D, None)}
INVALID = {"enum": 0xFF, "uint8": 0xFF, "sint16": 0x7FFF, "uint16": 0xFFFF, "sint32": 0x7FFFFFFF, "uint32": 0xFFFFFFFF}


class FitWriter:
    def __init__(self, big_endian=False):
        self.data = bytearray()
        self.order = ">" if big_endian else "<"
        self.big = big_endian
        self.layouts = {}

    def define(self, local, global_number, fields, developer=()):
        """fields: [(number, type, size)]; developer: [(number, size, index)]."""
        header = 0x40 | local | (0x20 if developer else 0)
        self.data += bytes([header, 0, 1 if self.big else 0]) + struct.pack(self.order + "H", global_number)
        self.data += bytes([len(fields)])
        for number, kind, size in fields:
            self.data += bytes([number, size, BASE[kind][0]])
        if developer:
            self.data += bytes([len(developer)])
            for number, size, index in developer:
                self.data += bytes([number, size, index])
        self.layouts[local] = (fields, developer)

    def message(self, local, values, developer=b"", compressed_time=None):
        fields, _ = self.layouts[local]
        if compressed_time is None:
            self.data += bytes([local])
        else:
            self.data += bytes([0x80 | (local << 5) | (compressed_time & 0x1F)])
        for (number, kind, size), value in zip(fields, values):
            if kind in ("string", "byte"):
                self.data += bytes(value).ljust(size, b"\0")[:size]
            else:
                self.data += struct.pack(self.order + BASE[kind][1], INVALID[kind] if value is None else value)
        self.data += developer

    def file(self, header_size=14):
        header = struct.pack("<BBHI", header_size, 0x20, 2132, len(self.data)) + b".FIT"
        if header_size == 14:
            header += struct.pack("<H", crc16(header))
        body = header + self.data
        return body + struct.pack("<H", crc16(body))


def semicircles(degrees):
    return int(round(degrees * 2 ** 31 / 180))


def fit_time(unix):
    return unix - FIT_EPOCH


RECORD = [(253, "uint32", 4), (0, "sint32", 4), (1, "sint32", 4), (2, "uint16", 2), (3, "uint8", 1),
          (4, "uint8", 1), (5, "uint32", 4), (6, "uint16", 2)]
EVENT = [(253, "uint32", 4), (0, "enum", 1), (1, "enum", 1)]
LAP = [(253, "uint32", 4), (2, "uint32", 4), (7, "uint32", 4), (9, "uint32", 4), (24, "enum", 1)]
SESSION = [(253, "uint32", 4), (2, "uint32", 4), (5, "enum", 1), (7, "uint32", 4), (9, "uint32", 4)]


def file_id(writer, created):
    writer.define(0, 0, [(0, "enum", 1), (1, "uint16", 2), (4, "uint32", 4)])
    writer.message(0, [4, 1, fit_time(created)])


def run_points():
    """The run: 20 s before the fix, then 2.4 km at 3 m/s with a 60 s pause after 1.2 km."""
    legs = [(0, 400), (90, 400), (180, 400), (90, 400), (0, 400), (270, 400)]
    path = course(47.3769, 8.5417, legs, 3.0, 1.0)
    points, t = [], START
    for i in range(20):
        points.append((t, None, None, 0.0, i == 19))
        t += 1
    for i, (lat, lon, distance) in enumerate(path):
        points.append((t, lat, lon, distance, False))
        t += 1
        if i == 400:
            t += 60  # the pause
    return points


def write_run_fit(points, lap_at=220, pause_at=420):
    w = FitWriter()
    file_id(w, START)
    w.data += developer_messages(w)
    w.define(2, 21, EVENT)
    w.message(2, [fit_time(START), 0, 0])
    w.define(1, 20, RECORD, developer=[(0, 1, 0)])
    # Local type 3: a record without its own timestamp, sent with compressed-timestamp headers.
    w.define(3, 20, RECORD[1:], developer=[(0, 1, 0)])
    w.define(4, 19, LAP)
    laps = []
    for index, (t, lat, lon, distance, _) in enumerate(points):
        values = [semicircles(lat) if lat is not None else None, semicircles(lon) if lon is not None else None,
                  int((420 + 5 * math.sin(index / 50) + 500) * 5), 140 + index % 20, 85 + index % 3,
                  int(round(distance * 100)), 3000 if lat is not None else 0]
        if index % 10 == 5 and points[index - 1][0] == t - 1:
            w.message(3, values, developer=bytes([index % 7]), compressed_time=fit_time(t))
        else:
            w.message(1, [fit_time(t)] + values, developer=bytes([index % 7]))
        if index == pause_at:  # the pause: timer stop, then start
            w.message(2, [fit_time(t), 0, 1])
            w.message(2, [fit_time(t + 61), 0, 0])
        if index == lap_at:  # the lap key
            laps.append((t, 0))
    end = points[-1][0]
    w.message(2, [fit_time(end), 0, 4])
    w.message(4, [fit_time(laps[0][0]), fit_time(START), (laps[0][0] - START) * 1000, 60000, 0])
    w.message(4, [fit_time(end), fit_time(laps[0][0]), (end - laps[0][0]) * 1000, 180000, 7])
    w.define(5, 18, SESSION)
    w.message(5, [fit_time(end), fit_time(START), 1, (end - START) * 1000, int(round(points[-1][3] * 100))])
    return w.file()


def developer_messages(w):
    """developer_data_id and field_description for the one developer field (a uint8)."""
    w.define(6, 207, [(1, "byte", 16), (3, "uint8", 1)])
    w.message(6, [bytes(range(16)), 0])
    w.define(7, 206, [(0, "uint8", 1), (1, "uint8", 1), (2, "uint8", 1), (3, "string", 16)])
    w.message(7, [0, 0, 2, b"doughnuts"])
    return b""


def write_ride_fit():
    legs = [(45, 2000), (135, 2000), (270, 2000)]
    path = course(-33.8688, 151.2093, legs, 8.0, 1.0)
    w = FitWriter(big_endian=True)
    file_id(w, START)
    w.define(0, 20, [(253, "uint32", 4), (0, "sint32", 4), (1, "sint32", 4), (73, "uint32", 4), (78, "uint32", 4),
                     (5, "uint32", 4)])
    for i, (lat, lon, distance) in enumerate(path):
        w.message(0, [fit_time(START + i), semicircles(lat), semicircles(lon), 8000, int((35 + 500) * 5), int(round(distance * 100))])
    end = START + len(path) - 1
    w.define(1, 18, SESSION)
    w.message(1, [fit_time(end), fit_time(START), 2, (end - START) * 1000, int(round(path[-1][2] * 100))])
    return w.file(header_size=12)


def write_multisport_fit():
    run = course(51.5074, -0.1278, [(90, 1000), (0, 1000)], 3.0, 2.0)
    ride = course(run[-1][0], run[-1][1], [(180, 3000)], 7.5, 2.0)
    w = FitWriter()
    file_id(w, START)
    w.define(0, 20, RECORD)
    w.define(1, 18, SESSION)
    w.define(2, 21, EVENT)
    t = START
    for lat, lon, distance in run:
        w.message(0, [fit_time(t), semicircles(lat), semicircles(lon), None, None, None, int(round(distance * 100)), 3000])
        t += 2
    run_end = t - 2
    w.message(2, [fit_time(run_end), 0, 4])
    w.message(1, [fit_time(run_end), fit_time(START), 1, (run_end - START) * 1000, int(round(run[-1][2] * 100))])
    ride_start = t = run_end + 120
    w.message(2, [fit_time(ride_start), 0, 0])
    for lat, lon, distance in ride:
        w.message(0, [fit_time(t), semicircles(lat), semicircles(lon), None, None, None, int(round(distance * 100)), 7500])
        t += 2
    ride_end = t - 2
    w.message(2, [fit_time(ride_end), 0, 4])
    w.message(1, [fit_time(ride_end), fit_time(ride_start), 2, (ride_end - ride_start) * 1000, int(round(ride[-1][2] * 100))])
    return w.file()


def wandering(count, seed, sigma=3.0, tau=30.0):
    """A receiver's error each second: east and north metres wandering as a first-order
    Gauss-Markov process (sigma metres, correlated over tau seconds), seeded."""
    rng, e, n, a = random.Random(seed), 0.0, 0.0, math.exp(-1 / tau)
    out = []
    for _ in range(count):
        s = sigma * math.sqrt(1 - a * a)
        e, n = a * e + rng.gauss(0, s), a * n + rng.gauss(0, s)
        out.append((e, n))
    return out


def second_by_second(lat, lon, legs):
    """The true position each second along legs of (heading degrees, metres, m/s), a stop being
    (None, seconds, 0); and the true distance run by each second."""
    out, distance = [(lat, lon, 0.0)], 0.0
    for heading, amount, speed in legs:
        if heading is None:
            out += [(lat, lon, distance)] * int(amount)
            continue
        east, north = math.sin(math.radians(heading)), math.cos(math.radians(heading))
        for _ in range(int(round(amount / speed))):
            lat, lon = step(lat, lon, east * speed, north * speed)
            distance += speed
            out.append((lat, lon, distance))
    return out


def device_track(truth, seed):
    """What a watch makes of a 1 Hz receiver: each second's position (truth plus the wandering
    error, which the watch's own filter averages over 5 s), and its running distance, the length of
    that track over the seconds it moved (a watch does not add up its wandering while it stands)."""
    fixes, distance, out = [], 0.0, []
    errors = wandering(len(truth), seed)
    for index, (lat, lon, _) in enumerate(truth):
        near = errors[max(0, index - 2):index + 3]
        fixes.append(step(lat, lon, sum(e for e, _ in near) / len(near), sum(n for _, n in near) / len(near)))
    for index, (lat, lon) in enumerate(fixes):
        if index > 0 and truth[index][2] > truth[index - 1][2]:
            (plat, plon), phi = fixes[index - 1], math.radians(lat)
            north = (lat - plat) * math.pi / 180 * A * (1 - E2) / (1 - E2 * math.sin(phi) ** 2) ** 1.5
            east = (lon - plon) * math.pi / 180 * A / math.sqrt(1 - E2 * math.sin(phi) ** 2) * math.cos(phi)
            distance += math.hypot(east, north)
        out.append((lat, lon, distance))
    return out


def write_sparse_run_fit():
    """Smart recording of a twisty run: the watch keeps a record every 1-10 s of its 1 Hz track."""
    rng = random.Random(71)
    legs, heading = [], 20
    for leg in range(34):
        heading += rng.choice([-1, 1]) * rng.uniform(35, 120)
        legs.append((heading, rng.uniform(90, 220), rng.uniform(2.6, 3.4)))
        if leg in (11, 23):
            legs.append((None, 45 + 20 * (leg % 2), 0))
    truth = second_by_second(46.05, 14.50, legs)
    track = device_track(truth, 72)
    seconds, t = [], 0
    while t < len(track):
        seconds.append(t)
        t += rng.choice([1, 2, 3, 4, 4, 5, 5, 5, 6, 6, 7, 8, 10])
    if seconds[-1] != len(track) - 1:
        seconds.append(len(track) - 1)
    w = FitWriter()
    file_id(w, START)
    w.define(0, 20, RECORD)
    for second in seconds:
        lat, lon, distance = track[second]
        w.message(0, [fit_time(START + second), semicircles(lat), semicircles(lon), int((300 + 500) * 5), 150, 86,
                      int(round(distance * 100)), 3000])
    end = START + seconds[-1]
    w.define(1, 18, SESSION)
    w.message(1, [fit_time(end), fit_time(START), 1, (end - START) * 1000, int(round(track[-1][2] * 100))])
    print(f"sparse-run.fit: {len(seconds)} records, truth {truth[-1][2]:.1f} m, device {track[-1][2]:.1f} m")
    return w.file()


def write_long_ride_fit():
    """A 2-hour ride through bends at 5-12 m/s, a record each second."""
    rng = random.Random(81)
    legs, heading = [], 120
    while sum(leg[1] for leg in legs) < 60_000:
        heading += rng.uniform(-70, 70)
        legs.append((heading, rng.uniform(300, 2500), rng.uniform(5, 12)))
    truth = second_by_second(-33.80, 151.10, legs)
    track = device_track(truth, 82)
    w = FitWriter()
    file_id(w, START)
    w.define(0, 20, [(253, "uint32", 4), (0, "sint32", 4), (1, "sint32", 4), (78, "uint32", 4), (5, "uint32", 4),
                     (73, "uint32", 4)])
    for second, (lat, lon, distance) in enumerate(track):
        w.message(0, [fit_time(START + second), semicircles(lat), semicircles(lon), int((80 + 500) * 5),
                      int(round(distance * 100)), None])
    end = START + len(track) - 1
    w.define(1, 18, SESSION)
    w.message(1, [fit_time(end), fit_time(START), 2, (end - START) * 1000, int(round(track[-1][2] * 100))])
    print(f"long-ride.fit: {len(track)} records, truth {truth[-1][2]:.1f} m, device {track[-1][2]:.1f} m")
    return w.file()


# MARK: TCX

def iso(unix):
    import datetime
    return datetime.datetime.fromtimestamp(unix, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.000Z")


def write_run_tcx(points, lap_break=221, pause=421):
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2" '
           'xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2">',
           '  <Activities>', '    <Activity Sport="Running">', f'      <Id>{iso(START)}</Id>']
    # lap_break, pause: indices into points of the first point of the second lap, and after the pause

    def lap(start_index, trigger):
        out.append(f'      <Lap StartTime="{iso(points[start_index][0])}">')
        out.append(f'        <TriggerMethod>{trigger}</TriggerMethod>')

    lap(0, "Manual")
    out.append('        <Track>')
    for index, (t, lat, lon, distance, _) in enumerate(points):
        if index == lap_break:
            out += ['        </Track>', '      </Lap>']
            lap(index, "Distance")
            out.append('        <Track>')
        elif index == pause:
            out += ['        </Track>', '        <Track>']
        # One Trackpoint a line (Garmin Connect indents each element; a reader must not care).
        line = f'          <Trackpoint><Time>{iso(t)}</Time>'
        if lat is not None:
            line += (f'<Position><LatitudeDegrees>{lat:.8f}</LatitudeDegrees><LongitudeDegrees>{lon:.8f}</LongitudeDegrees></Position>'
                     f'<AltitudeMeters>{420 + 5 * math.sin(index / 50):.1f}</AltitudeMeters><DistanceMeters>{distance:.2f}</DistanceMeters>')
        line += (f'<HeartRateBpm><Value>{140 + index % 20}</Value></HeartRateBpm>'
                 f'<Extensions><ns3:TPX><ns3:Speed>3.0</ns3:Speed><ns3:RunCadence>{85 + index % 3}</ns3:RunCadence></ns3:TPX></Extensions></Trackpoint>')
        out.append(line)
    out += ['        </Track>', '      </Lap>', '    </Activity>', '  </Activities>', '</TrainingCenterDatabase>', '']
    return "\n".join(out).encode()


def main():
    os.makedirs(OUT, exist_ok=True)
    points = run_points()
    files = {
        "run-pauses.fit": write_run_fit(points),
        "ride-bigendian.fit": write_ride_fit(),
        "multisport.fit": write_multisport_fit(),
        "sparse-run.fit": write_sparse_run_fit(),
        "long-ride.fit": write_long_ride_fit(),
        "run-pauses.tcx": write_run_tcx(points),
    }
    short = points[15:55]
    seeds = {
        "Fuzz/corpus/fit/run-40-points.fit": b"f" + write_run_fit(short, lap_at=10, pause_at=20),
        "Fuzz/corpus/tcx/run-12-points.tcx": b"t" + write_run_tcx(points[15:27], lap_break=7, pause=9),
    }
    for name, data in files.items():
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(data)
        print(f"wrote {name}: {len(data)} bytes")
    for name, data in seeds.items():
        with open(os.path.join(ROOT, name), "wb") as f:
            f.write(data)
        print(f"wrote {name}: {len(data)} bytes")


main()
