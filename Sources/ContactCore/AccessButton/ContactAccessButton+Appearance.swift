import Foundation

extension ContactAccessButton {
    /// How the button looks: what SwiftUI's modifiers set on it.
    public struct Appearance: Hashable, Sendable {
        /// Points; the default is the body size.
        public var fontSize: Double = 17
        public var fontWeight: FontWeight = .regular
        /// The primary text's color.
        public var foreground: Color = .black
        /// The action label's color.
        public var tint: Color = .blue
        public var background: Color = .white
        public var caption: Caption = .defaultText
        /// Points.
        public var imageWidth: Double = 40

        public init() {}

        static func sanitized(_ value: Double, in range: ClosedRange<Double>, otherwise fallback: Double) -> Double {
            value.isFinite ? min(max(value, range.lowerBound), range.upperBound) : fallback
        }
    }

    public enum FontWeight: Hashable, Sendable, CaseIterable {
        case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
    }

    /// The detail a single match shows under its name (SwiftUI's `contactAccessButtonCaption`).
    public enum Caption: Hashable, Sendable, CaseIterable {
        /// The number or address the query matched, else the organization.
        case defaultText
        /// The address the query matched, else the first one.
        case email
        /// The number the query matched, else the first one.
        case phone
    }

    /// The button's style (SwiftUI's `contactAccessButtonStyle`).
    public struct Style: Hashable, Sendable {
        public var imageWidth: Double
        public init(imageWidth: Double) { self.imageWidth = imageWidth }
    }

    /// An opaque sRGB color. Components are clamped to 0...1; a non-finite one counts as 0.
    public struct Color: Hashable, Sendable {
        public let red: Double
        public let green: Double
        public let blue: Double

        public init(red: Double, green: Double, blue: Double) {
            func clamp(_ value: Double) -> Double { value.isFinite ? min(max(value, 0), 1) : 0 }
            self.red = clamp(red)
            self.green = clamp(green)
            self.blue = clamp(blue)
        }

        /// A gray: 0 is black, 1 is white.
        public init(white: Double) { self.init(red: white, green: white, blue: white) }

        public static let black = Color(white: 0)
        public static let white = Color(white: 1)
        /// SwiftUI's `.gray`.
        public static let gray = Color(red: 142 / 255, green: 142 / 255, blue: 147 / 255)
        /// SwiftUI's `.blue` (systemBlue).
        public static let blue = Color(red: 0, green: 122 / 255, blue: 1)
        /// SwiftUI's `.green` (systemGreen).
        public static let green = Color(red: 52 / 255, green: 199 / 255, blue: 89 / 255)

        /// WCAG 2 relative luminance: 0 for black, 1 for white.
        public var relativeLuminance: Double {
            func linear(_ component: Double) -> Double {
                component <= 0.04045 ? component / 12.92 : pow((component + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
        }

        /// WCAG 2 contrast ratio with another color: from 1 (the same luminance) to 21
        /// (black on white); the order of the two colors does not matter.
        public func contrastRatio(with other: Color) -> Double {
            let lighter = max(relativeLuminance, other.relativeLuminance)
            let darker = min(relativeLuminance, other.relativeLuminance)
            return (lighter + 0.05) / (darker + 0.05)
        }
    }
}
