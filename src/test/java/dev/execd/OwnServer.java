package dev.execd;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * A test class that runs beside the others: it brings a server of its own (a child
 * process, or a context no other class shares), so nothing it does shows in another
 * class's server, and it spends most of its time waiting (restarts, deadlines, a terminal
 * program settling). The suite's wall time is then not the sum of these classes'. One
 * such class runs at a time (the shared lock), and its tests run one after the other as
 * usual; every other class runs in order on the main thread
 * ({@code junit-platform.properties}).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Execution(ExecutionMode.CONCURRENT)
@ResourceLock("own-server")
@interface OwnServer {

}
