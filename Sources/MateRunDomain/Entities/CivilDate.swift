/// A calendar date in the proleptic Gregorian calendar, computed from a Unix time without a
/// platform calendar, so that weekly and monthly totals are pure and the same on every machine.
package struct CivilDate: Sendable, Hashable, Comparable {
    package var year: Int
    package var month: Int
    package var day: Int

    package init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The local date of `unixSeconds` at `utcOffsetSeconds` from UTC.
    package init(unixSeconds: Double, utcOffsetSeconds: Int) {
        let local = Int((unixSeconds + Double(utcOffsetSeconds)).rounded(.down))
        self.init(daysSinceEpoch: local >= 0 ? local / 86_400 : (local - 86_399) / 86_400)
    }

    /// The date `days` after 1970-01-01 (H. Hinnant's civil_from_days).
    package init(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days since 1970-01-01 (H. Hinnant's days_from_civil).
    package var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// 1 for Monday … 7 for Sunday.
    package var isoWeekday: Int {
        let fromThursday = (daysSinceEpoch % 7 + 7) % 7  // 1970-01-01 was a Thursday
        return (fromThursday + 3) % 7 + 1
    }

    /// The ISO 8601 week-numbering year and week (weeks start on Monday; week 1 holds the year's
    /// first Thursday).
    package var isoWeek: (year: Int, week: Int) {
        let thursday = CivilDate(daysSinceEpoch: daysSinceEpoch - isoWeekday + 4)
        let firstOfYear = CivilDate(year: thursday.year, month: 1, day: 1).daysSinceEpoch
        return (thursday.year, (thursday.daysSinceEpoch - firstOfYear) / 7 + 1)
    }

    package static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
