/// The `gps` block of a scripted scenario: how the simulated receiver reports.
enum GPSDTO {
    static func decode(_ value: ScenarioJSONNode) throws(ScenarioError) -> GPSSettings {
        var gps = GPSSettings()
        guard !value.isMissing else { return gps }
        try value.object().allowOnly(
            ["interval_s", "noise_m", "noise_correlation_s", "accuracy_m", "elevation_noise_m", "seed", "signal_loss", "outliers"])
        if !value["interval_s"].isMissing {
            gps.intervalSeconds = try value["interval_s"].number(in: 0.1...60, meaning: "a fix interval in seconds")
        }
        if !value["noise_m"].isMissing {
            gps.noiseMetres = try value["noise_m"].number(in: 0...100, meaning: "a noise σ in metres")
        }
        if !value["noise_correlation_s"].isMissing {
            gps.noiseCorrelationSeconds = try value["noise_correlation_s"].number(
                in: 0...3600, meaning: "a noise correlation time in seconds")
        }
        if !value["accuracy_m"].isMissing {
            gps.accuracyMetres = try value["accuracy_m"].number(in: 0...1000, meaning: "an accuracy in metres")
        }
        if !value["elevation_noise_m"].isMissing {
            gps.elevationNoiseMetres = try value["elevation_noise_m"].number(in: 0...100, meaning: "an elevation noise σ in metres")
        }
        if !value["seed"].isMissing {
            let seed = try value["seed"].number(in: 0...9_007_199_254_740_992, meaning: "a whole-number seed")
            guard seed == seed.rounded() else { throw value["seed"].mismatch("expected a whole-number seed, found \(value["seed"].found)") }
            gps.seed = UInt64(seed)
        }
        if !value["signal_loss"].isMissing {
            for window in try value["signal_loss"].array() {
                try window.object().allowOnly(["from", "to"])
                let from = try window["from"].seconds()
                let to = try window["to"].seconds()
                guard to > from else {
                    throw window["to"].mismatch("expected a time after from (\(from.plainText) s), found \(window["to"].found)")
                }
                gps.signalLoss.append(from...to)
            }
        }
        if !value["outliers"].isMissing {
            gps.outliers = try outliers(value["outliers"])
        }
        return gps
    }

    private static func outliers(_ value: ScenarioJSONNode) throws(ScenarioError) -> GPSSettings.Outliers {
        try value.object().allowOnly(["every_s", "count", "distance_m"])
        try value.requireOne(of: "every_s", or: "count", because: "to say when the outliers come")
        let schedule: GPSSettings.OutlierSchedule
        if value["count"].isMissing {
            schedule = .every(seconds: try value["every_s"].number(in: 1...86_400, meaning: "an outlier interval in seconds"))
        } else {
            let count = try value["count"].number(in: 1...10_000, meaning: "an outlier count")
            guard count == count.rounded() else { throw value["count"].mismatch("expected a whole outlier count, found \(value["count"].found)") }
            schedule = .count(Int(count))
        }
        let distance = value["distance_m"].isMissing
            ? 250 : try value["distance_m"].number(in: 1...100_000, meaning: "an outlier jump in metres")
        return GPSSettings.Outliers(schedule: schedule, distanceMetres: distance)
    }
}
