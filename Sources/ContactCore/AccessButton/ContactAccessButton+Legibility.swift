extension ContactAccessButton {
    /// A rectangle in the window's points.
    public struct Rect: Hashable, Sendable {
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double

        public init(x: Double, y: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }

        /// Finite and of positive area; anything else covers nothing and shows nothing.
        var isProper: Bool {
            [x, y, width, height].allSatisfy(\.isFinite) && width > 0 && height > 0
        }

        var area: Double { isProper ? width * height : 0 }

        func intersection(_ other: Rect) -> Rect? {
            guard isProper, other.isProper else { return nil }
            let left = max(x, other.x)
            let top = max(y, other.y)
            let right = min(x + width, other.x + other.width)
            let bottom = min(y + height, other.y + other.height)
            guard right > left, bottom > top else { return nil }
            return Rect(x: left, y: top, width: right - left, height: bottom - top)
        }

        func contains(_ other: Rect) -> Bool {
            isProper && other.isProper && other.x >= x && other.y >= y
                && other.x + other.width <= x + width && other.y + other.height <= y + height
        }
    }

    public struct Size: Hashable, Sendable {
        public var width: Double
        public var height: Double
        public init(width: Double, height: Double) {
            self.width = width
            self.height = height
        }
    }

    /// Where the app's layout put the button, as the system measures it when the person taps.
    public struct Placement: Hashable, Sendable {
        /// The button's frame.
        public var frame: Rect
        /// The part of the window the button's ancestors leave visible (their clipping and
        /// the screen); `nil` when nothing clips.
        public var visibleRegion: Rect?
        /// Frames of views drawn above the button.
        public var coveringFrames: [Rect]
        /// The button's effective opacity, its own and its ancestors'.
        public var opacity: Double

        public init(frame: Rect, visibleRegion: Rect? = nil, coveringFrames: [Rect] = [], opacity: Double = 1) {
            self.frame = frame
            self.visibleRegion = visibleRegion
            self.coveringFrames = coveringFrames
            self.opacity = opacity
        }
    }

    /// Why the system would not count a tap: the legibility rule (SPEC 8).
    public enum LegibilityProblem: Hashable, Sendable {
        /// The primary text's contrast with the background is below `minimum` (WCAG 2).
        case lowContrast(ratio: Double, minimum: Double)
        /// Part of the button lies outside the visible region.
        case clipped(visibleFraction: Double)
        /// Another view is drawn over part of the button.
        case covered
        /// The button is not fully opaque.
        case transparent(opacity: Double)
        /// The frame is smaller than the button needs to render its content.
        case tooSmall(size: Size, minimum: Size)
    }

    /// The WCAG 2 AA ratio for normal text.
    public static let minimumContrastRatio = 4.5

    /// The smallest frame that renders the name, the caption line, the image and the action
    /// label: at least 44 points tall (a touch target) or two and a half lines of text, and
    /// the image plus ten ems wide.
    public var minimumSize: Size {
        Size(width: appearance.imageWidth + 10 * appearance.fontSize,
             height: max(44, 2.5 * appearance.fontSize, appearance.imageWidth))
    }

    /// Every legibility problem of this button at `placement`, in the order of the cases of
    /// ``LegibilityProblem``; empty when a tap would count.
    ///
    /// It depends only on what the app chose, never on which contacts match, so a refused tap
    /// tells the app nothing about the person's contacts.
    public func legibilityProblems(in placement: Placement) -> [LegibilityProblem] {
        var problems: [LegibilityProblem] = []
        let ratio = appearance.foreground.contrastRatio(with: appearance.background)
        if ratio < Self.minimumContrastRatio {
            problems.append(.lowContrast(ratio: ratio, minimum: Self.minimumContrastRatio))
        }
        let frame = placement.frame
        if let region = placement.visibleRegion, !region.contains(frame) {
            let visible = frame.intersection(region)?.area ?? 0
            problems.append(.clipped(visibleFraction: frame.area > 0 ? visible / frame.area : 0))
        } else if !frame.isProper {
            problems.append(.clipped(visibleFraction: 0))
        }
        if placement.coveringFrames.contains(where: { $0.intersection(frame) != nil }) {
            problems.append(.covered)
        }
        if !(placement.opacity >= 1) {
            problems.append(.transparent(opacity: placement.opacity.isFinite ? placement.opacity : 0))
        }
        let minimum = minimumSize
        let size = frame.isProper ? Size(width: frame.width, height: frame.height) : Size(width: 0, height: 0)
        if size.width < minimum.width || size.height < minimum.height {
            problems.append(.tooSmall(size: size, minimum: minimum))
        }
        return problems
    }
}
