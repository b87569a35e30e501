import ContactCore
import Synchronization

/// A call's result: a value, or the code of the `ContactError` it threw.
package enum Outcome<Value: Hashable & Sendable>: Hashable, Sendable {
    case success(Value)
    case failure(ContactError.Code)

    func map<T>(_ transform: (Value) -> T) -> Outcome<T> {
        switch self {
        case .success(let value): .success(transform(value))
        case .failure(let code): .failure(code)
        }
    }
}

/// A value the device's callbacks write while the runner reads it.
final class Shared<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    func withLock<T>(_ body: (inout Value) -> T) -> T { mutex.withLock { body(&$0) } }
}
