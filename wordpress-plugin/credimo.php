<?php
/**
 * Plugin Name: Credimo
 * Description: Credimo widgets (loan calculator, inline registration, my loan) for pages and posts, and the site content the Credimo app reads at /wp-json/react/v2/data.
 * Version: 0.1.0
 * Requires at least: 6.2
 * Requires PHP: 7.4
 * Author: Credimo
 * License: GPL-2.0-or-later
 * Text Domain: credimo
 * Domain Path: /languages
 */

if (!defined('ABSPATH')) {
    exit;
}

define('CREDIMO_VERSION', '0.1.0');
define('CREDIMO_DIR', plugin_dir_path(__FILE__));
define('CREDIMO_URL', plugin_dir_url(__FILE__));

require_once CREDIMO_DIR . 'includes/inline-script.php';
require_once CREDIMO_DIR . 'includes/api.php';
require_once CREDIMO_DIR . 'includes/capability.php';
require_once CREDIMO_DIR . 'includes/options.php';
require_once CREDIMO_DIR . 'includes/widgets.php';
require_once CREDIMO_DIR . 'includes/notices.php';
require_once CREDIMO_DIR . 'includes/calculator-paint.php';
require_once CREDIMO_DIR . 'includes/remotes-kept.php';
require_once CREDIMO_DIR . 'includes/loader.php';
require_once CREDIMO_DIR . 'includes/settings.php';
require_once CREDIMO_DIR . 'includes/content.php';
require_once CREDIMO_DIR . 'includes/content-admin.php';
require_once CREDIMO_DIR . 'includes/block.php';

register_activation_hook(__FILE__, 'credimo_grant_capabilities');

/** The plugin's own translations (languages/: es_ES), for its PHP and, through wp_set_script_translations, its block. */
function credimo_load_textdomain() {
    load_plugin_textdomain('credimo', false, dirname(plugin_basename(__FILE__)) . '/languages');
}
add_action('init', 'credimo_load_textdomain', 0);
