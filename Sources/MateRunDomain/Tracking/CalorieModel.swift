/// Exercise energy from speed, grade and weight: the ACSM metabolic equations.
///
/// Mate Runner used three fixed METs and ignored speed and slope; these equations track both.
/// The result is *net* (exercise) energy: the resting 3.5 mL/kg/min is left out, so standing still
/// burns nothing and the figure is what the run added to the day.
package enum CalorieModel {
    /// Resting oxygen uptake, mL/kg/min: one MET.
    package static let restingOxygenUptake = 3.5
    /// Speed (m/s) above which a run of unknown activity is treated as running: 8 km/h.
    package static let runningSpeedThreshold = 134.0 / 60

    /// Gross oxygen uptake in mL/kg/min for moving at `speed` m/s up `grade` (rise over run).
    ///
    /// Downhill grades count as level: the ACSM equations are not valid below zero grade and would
    /// otherwise predict less than resting uptake on a steep descent.
    package static func oxygenUptake(speed: Double, grade: Double, activity: Activity) -> Double {
        let s = max(0, speed) * 60
        let g = max(0, grade)
        switch activity {
        case .still: return restingOxygenUptake
        case .walking: return 0.1 * s + 1.8 * s * g + restingOxygenUptake
        case .running: return 0.2 * s + 0.9 * s * g + restingOxygenUptake
        }
    }

    /// Metabolic equivalents for the movement: gross uptake over resting uptake.
    package static func mets(speed: Double, grade: Double, activity: Activity) -> Double {
        oxygenUptake(speed: speed, grade: grade, activity: activity) / restingOxygenUptake
    }

    /// Net kilocalories burnt over `seconds` (5 kcal per litre of oxygen).
    package static func netKilocalories(
        speed: Double, grade: Double, activity: Activity, weightKilograms: Double, seconds: Double
    ) -> Double {
        let net = oxygenUptake(speed: speed, grade: grade, activity: activity) - restingOxygenUptake
        return net * weightKilograms / 200 * seconds / 60
    }

    /// The activity to use when the motion sensor has not said: inferred from speed.
    package static func inferredActivity(speed: Double) -> Activity {
        speed >= runningSpeedThreshold ? .running : .walking
    }
}
