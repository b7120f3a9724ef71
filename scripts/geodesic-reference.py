#!/usr/bin/env python3
"""Prints the GeographicLib distances pinned in Tests/MateRunDomainTests/GeodesicTests.swift.

Usage: pip install geographiclib && python3 scripts/geodesic-reference.py
"""
from geographiclib.geodesic import Geodesic

PAIRS = [
    ((37.5665, 126.9780), (37.5670, 126.9790)),
    ((51.5074, -0.1278), (51.5080, -0.1290)),
    ((0.0001, 0.0001), (0.0002, 0.0003)),
    ((-33.8568, 151.2153), (-33.8523, 151.2108)),
    ((64.1466, -21.9426), (64.1500, -21.9000)),
    ((40.7829, -73.9654), (40.7644, -73.9730)),
    ((37.5665, 126.9780), (35.1796, 129.0756)),
    ((48.8566, 2.3522), (40.4168, -3.7038)),
    ((1.0, 103.8), (1.0, 103.9)),
    ((70.0, 25.0), (70.0, 25.01)),
]

for (lat1, lon1), (lat2, lon2) in PAIRS:
    s12 = Geodesic.WGS84.Inverse(lat1, lon1, lat2, lon2)["s12"]
    print(f"({lat1}, {lon1}, {lat2}, {lon2}, {s12:.6f}),")
