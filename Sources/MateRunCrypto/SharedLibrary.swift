import Glibc

/// A shared library opened at run time, and its functions looked up by name.
///
/// It exists so that the program links against nothing but the Swift toolchain: OpenSSL is
/// found on the machine when a feature needs it (`dlopen`), and each function is cast to its C
/// type by the caller. The library is never closed (its functions stay valid for the process).
package struct SharedLibrary: @unchecked Sendable {
    /// The name it was opened by, for messages.
    package let name: String
    private let handle: UnsafeMutableRawPointer

    /// Opens `name` (e.g. `libcrypto.so.3`), searched as the dynamic loader does.
    package init(opening name: String) throws(CryptoError) {
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            let detail = dlerror().map { String(cString: $0) } ?? "not found"
            throw .libraryUnavailable(library: name, detail: detail)
        }
        self.name = name
        self.handle = handle
    }

    /// The function `symbol`, as the C function type `T` (a `@convention(c)` type the caller
    /// spells from the library's documentation: no header is read).
    package func function<T>(_ symbol: String, as type: T.Type) throws(CryptoError) -> T {
        guard let address = dlsym(handle, symbol) else { throw .functionMissing(library: name, function: symbol) }
        return unsafeBitCast(address, to: type)
    }
}
