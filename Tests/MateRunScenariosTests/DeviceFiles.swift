import Foundation

/// The FIT and TCX files in `DeviceFiles/`, written by scripts/make-device-fixtures.py from runs
/// with a known truth (see the script for what each holds).
enum DeviceFiles {
    static func path(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("DeviceFiles/\(name)").path
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(name))))
    }
}
