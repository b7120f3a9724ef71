import MateRunCrypto
import MateRunDomain
import MateRunJSON
import MateRunNATS

/// Where a group's result stays after its coordinator is gone: a JetStream key-value bucket on
/// the group's NATS server, holding the result board exactly as the coordinator signed it for the
/// `board` subject, under the group's watch code. Whoever reads it checks it as a watcher checks a
/// live board (the key's fingerprint is the watch code, the signature holds), so an outsider who
/// can write the bucket can hide a result but never change one.
package enum GroupResultStore {
    package static let bucket = "materun-results"
    /// How long a result stays by default (the bucket's `max_age`).
    package static let defaultDays = 30

    /// A result board as the coordinator signed it.
    package struct SignedBoard: Sendable, Equatable {
        package var payload: [UInt8]
        package var headers: NATSHeaders

        package init(payload: [UInt8], headers: NATSHeaders) {
            self.payload = payload
            self.headers = headers
        }
    }

    /// What reading a kept result can find besides a result.
    package enum ReadError: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is kept under the code is not a board the group's coordinator signed.
        case notTheCoordinators
        /// The server keeps no results (no JetStream), or did not answer.
        case unavailable(String)

        package var description: String {
            switch self {
            case .notTheCoordinators: "what the server keeps under this code is not signed by the group's coordinator (altered or forged)"
            case .unavailable(let why): "the server keeps no results: \(why)"
            }
        }
    }

    /// Keeps `signed` under `watch` for `days`, making the bucket when it is missing.
    package static func keep(_ signed: SignedBoard, watch: String, client: NATSClient, days: Int) async throws(JetStreamError) {
        var config = KeyValueBucketConfig(bucket: bucket)
        config.maxAge = .seconds(days * 86_400)
        config.replicas = KeyValueBucketConfig.replicas(onClusterOf: client)
        config.description = "materun group results, each the result board as its coordinator signed it"
        let store = try await KeyValueStore.ensure(config, on: client, timeout: .seconds(5))
        _ = try await store.put(watch, encoded(signed))
    }

    /// The result kept for the group whose watch code is `watch`, checked; nil when none is kept.
    package static func read(watch: String, client: NATSClient) async throws(ReadError) -> GroupBoardMessage? {
        let entry: KeyValueEntry?
        do {
            entry = try await KeyValueStore(bucket: bucket, client: client, timeout: .seconds(5)).get(watch)
        } catch .noResponders {
            return nil
        } catch {
            throw .unavailable("\(error)")
        }
        guard let entry else { return nil }
        guard let signed = decoded(entry.value) else { throw .notTheCoordinators }
        var check = GroupCoordinatorCheck(watch: watch, dropped: GroupDropCount())
        let message = NATSMessage(subject: GroupSubjects(code: watch).board, sid: 0, headers: signed.headers, payload: signed.payload)
        guard check.accepts(message), let board = GroupWire.board(signed.payload), board.isResult else { throw .notTheCoordinators }
        return board
    }

    /// `{"key":…,"sig":…,"board":base64url(payload)}`: the signature's headers and the payload.
    static func encoded(_ signed: SignedBoard) -> [UInt8] {
        Array(JSON.object([
            ("key", .string(signed.headers["Key"] ?? "")), ("sig", .string(signed.headers["Sig"] ?? "")),
            ("board", .string(Base64URL.encode(signed.payload))),
        ]).jsonText.utf8)
    }

    static func decoded(_ value: [UInt8]) -> SignedBoard? {
        guard value.count <= 2_000_000, let parsed = try? JSONParser.parse(value), parsed.objectValue != nil else { return nil }
        let object = JSONField(parsed)
        guard let key = try? object["key"].string(), let sig = try? object["sig"].string(),
            let board = try? object["board"].string(), let payload = Base64URL.decode(board)
        else { return nil }
        return SignedBoard(payload: payload, headers: NATSHeaders([("Key", key), ("Sig", sig)]))
    }
}
