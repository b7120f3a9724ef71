/// Where the run history lives: `--data-dir`, else `$MATERUN_DATA_DIR`, else
/// `$XDG_DATA_HOME/materun`, else `~/.local/share/materun`.
package enum DataDirectory {
    /// The directory for `override` (the `--data-dir` value) and `environment`; nil only when
    /// nothing says where home is.
    package static func resolve(override: String? = nil, environment: [String: String]) -> String? {
        if let override, !override.isEmpty { return override }
        if let explicit = environment["MATERUN_DATA_DIR"], !explicit.isEmpty { return explicit }
        // The XDG spec ignores a relative XDG_DATA_HOME.
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return xdg + "/materun" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.local/share/materun" }
        return nil
    }
}
