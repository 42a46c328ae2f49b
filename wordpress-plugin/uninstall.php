<?php
/** Deleting the plugin removes what it stored: its settings, the site content, its capability and its caches. */

if (!defined('WP_UNINSTALL_PLUGIN')) {
    exit;
}

delete_option('credimo_settings');
delete_option('credimo_content');
delete_option('credimo_caps_version');
delete_option('credimo_api_server_url');
// The remotes' config and manifests kept for the loader (includes/remotes-kept.php).
delete_option('credimo_kept_remotes');
wp_clear_scheduled_hook('credimo_refresh_remotes');

foreach (wp_roles()->role_objects as $role) {
    $role->remove_cap('credimo_edit_content');
}

// The brief answers kept from the API (products, promo codes), the forms' refused submissions and the price tables
// the calculator is painted from.
global $wpdb;
$wpdb->query(
    "DELETE FROM {$wpdb->options} WHERE option_name LIKE '\_transient\_credimo\_%' OR option_name LIKE '\_transient\_timeout\_credimo\_%' OR option_name LIKE 'credimo\_prices\_%'"
);
