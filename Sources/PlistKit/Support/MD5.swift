/// The MD5 message digest (RFC 1321), for the build-setting operator `__md5`, which gives the
/// digest of a value as Apple's build engine does (as 32 lowercase hexadecimal digits).
///
/// MD5 is broken as a cryptographic hash; it is here only to compute the same names the build
/// engine computes, never to protect anything.
enum MD5 {
    /// The digest of `bytes` as 32 lowercase hexadecimal digits.
    ///
    /// - Complexity: O(n).
    static func hexDigest<Bytes: Collection<UInt8>>(of bytes: Bytes) -> String {
        var state: (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476)
        var block = [UInt8]()
        block.reserveCapacity(64)
        for byte in bytes {
            block.append(byte)
            if block.count == 64 {
                process(block, into: &state)
                block.removeAll(keepingCapacity: true)
            }
        }
        // Padding: a 1 bit, zeros to 56 bytes modulo 64, then the length in bits, little-endian.
        let bitCount = UInt64(truncatingIfNeeded: bytes.count) &* 8
        block.append(0x80)
        if block.count > 56 {
            block += [UInt8](repeating: 0, count: 64 - block.count)
            process(block, into: &state)
            block.removeAll(keepingCapacity: true)
        }
        block += [UInt8](repeating: 0, count: 56 - block.count)
        for shift in stride(from: 0, to: 64, by: 8) { block.append(UInt8(truncatingIfNeeded: bitCount >> UInt64(shift))) }
        process(block, into: &state)
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        for word in [state.0, state.1, state.2, state.3] {
            for shift in stride(from: 0, to: 32, by: 8) {
                let byte = UInt8(truncatingIfNeeded: word >> UInt32(shift))
                text.append(digits[Int(byte >> 4)])
                text.append(digits[Int(byte & 0xF)])
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The per-round shift amounts of RFC 1321, four per round.
    private static let shifts: [UInt32] = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21]

    /// The constants of RFC 1321: the integer part of 2³² × |sin(i)| for i = 1…64.
    private static let constants: [UInt32] = [
        0xD76A_A478, 0xE8C7_B756, 0x2420_70DB, 0xC1BD_CEEE, 0xF57C_0FAF, 0x4787_C62A, 0xA830_4613, 0xFD46_9501,
        0x6980_98D8, 0x8B44_F7AF, 0xFFFF_5BB1, 0x895C_D7BE, 0x6B90_1122, 0xFD98_7193, 0xA679_438E, 0x49B4_0821,
        0xF61E_2562, 0xC040_B340, 0x265E_5A51, 0xE9B6_C7AA, 0xD62F_105D, 0x0244_1453, 0xD8A1_E681, 0xE7D3_FBC8,
        0x21E1_CDE6, 0xC337_07D6, 0xF4D5_0D87, 0x455A_14ED, 0xA9E3_E905, 0xFCEF_A3F8, 0x676F_02D9, 0x8D2A_4C8A,
        0xFFFA_3942, 0x8771_F681, 0x6D9D_6122, 0xFDE5_380C, 0xA4BE_EA44, 0x4BDE_CFA9, 0xF6BB_4B60, 0xBEBF_BC70,
        0x289B_7EC6, 0xEAA1_27FA, 0xD4EF_3085, 0x0488_1D05, 0xD9D4_D039, 0xE6DB_99E5, 0x1FA2_7CF8, 0xC4AC_5665,
        0xF429_2244, 0x432A_FF97, 0xAB94_23A7, 0xFC93_A039, 0x655B_59C3, 0x8F0C_CC92, 0xFFEF_F47D, 0x8584_5DD1,
        0x6FA8_7E4F, 0xFE2C_E6E0, 0xA301_4314, 0x4E08_11A1, 0xF753_7E82, 0xBD3A_F235, 0x2AD7_D2BB, 0xEB86_D391,
    ]

    private static func process(_ block: [UInt8], into state: inout (UInt32, UInt32, UInt32, UInt32)) {
        var words = [UInt32](repeating: 0, count: 16)
        for index in 0..<16 {
            words[index] = UInt32(block[4 * index]) | UInt32(block[4 * index + 1]) << 8
                | UInt32(block[4 * index + 2]) << 16 | UInt32(block[4 * index + 3]) << 24
        }
        var (a, b, c, d) = state
        for step in 0..<64 {
            let round = step / 16
            var mixed: UInt32
            let index: Int
            switch round {
            case 0: mixed = (b & c) | (~b & d); index = step
            case 1: mixed = (d & b) | (~d & c); index = (5 * step + 1) % 16
            case 2: mixed = b ^ c ^ d; index = (3 * step + 5) % 16
            default: mixed = c ^ (b | ~d); index = (7 * step) % 16
            }
            mixed = mixed &+ a &+ constants[step] &+ words[index]
            a = d
            d = c
            c = b
            let shift = shifts[round * 4 + step % 4]
            b = b &+ (mixed << shift | mixed >> (32 - shift))
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
    }
}
